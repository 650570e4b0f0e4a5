"""Detectors: conversations → proposals; they never write, only the store admits (DESIGN.md §1, §6).

- :mod:`app.detectors.intents` — explicit formation ("remember …", "forget …", ChatGPT
  custom instructions); always on.
- Implicit detectors (reply length, activity hours, topics, language) run only with implicit
  learning on (§3.2), each with its own threshold, evidence and TTL.
"""
