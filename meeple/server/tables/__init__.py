"""The tables in play: the hub that changes them, in parts (:mod:`.hub` lists them), the live
table and its clients, chat, and the bots' workers. Imports only the store below it."""
