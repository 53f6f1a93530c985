import AnimHost
