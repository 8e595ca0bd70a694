import streamlit as st
st.title("TODO")
