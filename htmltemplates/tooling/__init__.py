"""Tools that read templates without rendering them: the checker and explain()."""
