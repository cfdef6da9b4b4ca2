"""The site's mail (issue #39): what is mailed to whom, the messages, and their sending.

* ``smtp``: one message handed to the SMTP server (``meeple serve --smtp``), blocking: it
  runs in a thread, never on the event loop;
* ``texts``: the mails' words, in English and Japanese;
* ``compose``: a mail as RFC 5322 text, with its links and unsubscribe headers;
* ``postman``: the worker that sends the outbox's mails, retrying with backoff;
* ``notices``: what happened, turned into queued mails for the players who chose them.
"""
