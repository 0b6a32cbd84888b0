"""The game in words: what the log, the menus, the card gallery and the summary say.

One module per job, each importing only those above it in this list:

- `vocabulary`: amounts, counts, trigger, timing and limit words, the line width
- `table`: the words of each type in a table, checked complete at import
- `effects`: a card's records (effects, modifiers, Responses, encounters) as printed
- `outcomes`: step names, a death and its cause, a win's standing
- `actions`: the menus' labels, option texts and prompts
- `events`: the Narrator, each event as a line of the log
- `cards`: every card as a player reads it (`unbroken cards`)
- `story`: a finished game told as a short summary

Import a name from the module that owns it: loading `unbroken.words` loads none of them.
"""
