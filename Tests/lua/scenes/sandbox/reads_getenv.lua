local home = os.getenv("HOME")
