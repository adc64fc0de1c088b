print("t")
