"""Compile time: lexers of the languages inside HTML (CSS, JavaScript, URLs), which say where in
them a hole stands."""
