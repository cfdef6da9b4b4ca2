"""What serves the whole site rather than one table: the cluster of processes (Redis), the
lobby's lists, the login limits, metrics, the garbage collector's clock, logs and the
websocket's timestamps. Reaches the tables through the hub's interface; never imported by them."""
