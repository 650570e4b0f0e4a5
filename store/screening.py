"""Content screening for §3.5 ("explicit ≠ always durable"): confidentiality and time.
(Secrets, which §3.5 refuses, have their own module, :mod:`store.secrets`; the §3.1
sensitive classes theirs, :mod:`store.sensitive`.)

Pure functions over text. They look at both the value and the sentence it came from, so
"remember, confidentially, that …" is caught even when the value is only the clause.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta

# --- confidentiality (§3.5: quarantined) ------------------------------------------------

#: A phrase that closes "between us": a pause (":", ",", a dash) or the end, so that "unter
#: uns wohnt …" (below us lives …) and "onder de brug" are not taken for it.
_PAUSE = r"(?=\s*(?:[:,;.!—–-]|$))"
#: Confidential wording in the five languages requests are read in (§6), measured on
#: tests/data/secrets/confidential.tsv by bench/secret_quality.py. A word that also names a
#: thing ("le secret de la réussite", "het geheim van …", "Geheimnis") counts only in a phrase
#: that marks the sentence itself.
_CONFIDENTIAL = re.compile(
    # English
    r"\b(?:confidential(?:ly)?|in confidence|private(?:ly)?|secretly|secret(?!\s+(?:of|to|for|de|du|des|del)\b)|"
    r"just between us|between you and me|don'?t (?:tell|share)(?: this)?(?: with)? (?:anyone|anybody)|"
    r"do not (?:tell|share)|off the record|keep (?:this|it) to yourself|nobody else knows|"
    # Dutch
    r"vertrouwelijk|in vertrouwen|(?:is|blijft|strikt|streng|top)\s+geheim|in het geheim|geheim\s+houden|"
    rf"onder ons(?:\s+gezegd)?{_PAUSE}|onder ons gezegd|tussen ons{_PAUSE}|tussen jou en mij|"
    r"(?:zeg|vertel)\s+het\s+(?:aan\s+|tegen\s+)?niemand|niet\s+doorvertellen|"
    r"hou(?:d)?\s+het\s+voor\s+je(?:zelf)?|niemand\s+anders\s+weet|"
    # German
    r"vertraulich|im\s+vertrauen|(?:ist|bleibt|streng|top)\s+geheim|im\s+geheimen|geheim\s+halten|"
    rf"unter uns(?:\s+gesagt)?{_PAUSE}|unter uns gesagt|(?:aber|ganz|nur|bleibt)\s+unter\s+uns|"
    r"zwischen\s+dir\s+und\s+mir|(?:sag|sage|sags|sag's|erzähl|erzähle)\s+(?:es\s+|das\s+)?niemandem|"
    r"nicht\s+weitersagen|behalte?\s+(?:es|das)\s+für\s+dich|niemand\s+sonst\s+weiß|"
    # French
    r"confidentiel(?:le)?(?:s)?|confidentiellement|en confidence|c'est\s+un\s+secret|c’est\s+un\s+secret|"
    rf"en\s+secret|secrètement|entre nous{_PAUSE}|entre\s+toi\s+et\s+moi|"
    r"ne\s+(?:le\s+|l'|l’)?(?:dis|répète|raconte)(?:\s+rien)?\s+à\s+personne|garde[- ](?:le|la|ça)\s+pour\s+toi|"
    r"personne\s+d['’]autre\s+ne\s+(?:le\s+)?sait|"
    # Spanish
    r"confidencial(?:es)?|confidencialmente|en\s+confianza|es\s+un\s+secreto|en\s+secreto|secretamente|"
    rf"entre nosotr[oa]s{_PAUSE}|entre\s+t[uú]\s+y\s+yo|"
    r"no\s+(?:se\s+)?(?:lo\s+)?(?:digas|cuentes|digáis|contéis)\s+a\s+nadie|guárdatelo|"
    r"nadie\s+más\s+(?:lo\s+)?sabe)\b",
    re.IGNORECASE,
)


def is_confidential(text: str) -> bool:
    """True when the user marks or phrases ``text`` as confidential (§3.5 → quarantine)."""
    return bool(_CONFIDENTIAL.search(text))


# --- temporary phrasing (§3.5: given an expiry) ----------------------------------------
#
# Requests are found in English, Dutch, German, French and Spanish (§6), so their time limits
# are read in the same five. Each phrase names one kind of limit; measured on the labelled
# sentences of tests/data/temporary by bench/ttl_quality.py.

#: Weekday names, Monday first, per language (accents optional where people leave them off).
_WEEKDAY_NAMES = (
    ("monday", "maandag", "montag", "lundi", "lunes"),
    ("tuesday", "dinsdag", "dienstag", "mardi", "martes"),
    ("wednesday", "woensdag", "mittwoch", "mercredi", "mi[eé]rcoles"),
    ("thursday", "donderdag", "donnerstag", "jeudi", "jueves"),
    ("friday", "vrijdag", "freitag", "vendredi", "viernes"),
    ("saturday", "zaterdag", "samstag|sonnabend", "samedi", "s[aá]bado"),
    ("sunday", "zondag", "sonntag", "dimanche", "domingo"),
)
_WEEKDAY = "(?:" + "|".join("|".join(names) for names in _WEEKDAY_NAMES) + ")"
#: Month names, January first, per language (accents optional where people leave them off).
_MONTH_NAMES = (
    ("january", "jan", "januari", "januar", "jänner", "janvier", "enero"),
    ("february", "feb", "februari", "februar", "f[eé]vrier", "febrero"),
    ("march", "mar", "maart", "märz", "maerz", "mars", "marzo"),
    ("april", "apr", "avril", "abril"),
    ("may", "mei", "mai", "mayo"),
    ("june", "jun", "juni", "juin", "junio"),
    ("july", "jul", "juli", "juillet", "julio"),
    ("august", "aug", "augustus", "ao[uû]t", "agosto"),
    ("september", "sep", "sept", "septembre", "septiembre"),
    ("october", "oct", "oktober", "okt", "octobre", "octubre"),
    ("november", "nov", "novembre", "noviembre"),
    ("december", "dec", "dezember", "d[eé]cembre", "diciembre"),
)
_MONTH = "(?:" + "|".join("|".join(names) for names in _MONTH_NAMES) + r")\.?"
#: "until" in the five languages, before a day or a date.
_UNTIL = r"(?:until|till|til|through|tot(?:\s+en\s+met)?|bis(?:\s+zum)?|jusqu'(?:à|au)|hasta(?:\s+el)?)"
#: A yearly date (a birthday, an anniversary, "every year"): "today" there names the day of a
#: durable fact, not a limit (§4).
_YEARLY = re.compile(
    r"\b(?:(?:every|each)\s+year|annually|yearly|birthdays?|anniversary|(?:elk|ieder)\s+jaar|jaarlijks|"
    r"verjaardag|jarig|jedes\s+jahr|jährlich|geburtstag|chaque\s+année|tous\s+les\s+ans|anniversaire|"
    r"(?:cada|todos\s+los)\s+años?|anualmente|cumpleaños|aniversario)\b",
    re.IGNORECASE,
)
#: Number words before a unit: how many hours, days or weeks ("a couple" is two, "a few" three).
_NUMBERS: dict[str, int] = {
    **dict.fromkeys(("a", "an", "one", "een", "één", "ein", "eine", "einen", "un", "une", "una"), 1),
    **dict.fromkeys(("two", "twee", "zwei", "deux", "dos", "couple", "paar", "par"), 2),
    **dict.fromkeys(("three", "drie", "drei", "trois", "tres", "few", "several", "enkele", "einige"), 3),
    **dict.fromkeys(("quelques", "unos", "unas", "algunos", "algunas"), 3),
    **dict.fromkeys(("four", "vier", "quatre", "cuatro"), 4),
    **dict.fromkeys(("five", "vijf", "fünf", "cinq", "cinco"), 5),
    **dict.fromkeys(("six", "zes", "sechs", "seis"), 6),
    **dict.fromkeys(("seven", "zeven", "sieben", "sept", "siete"), 7),
}
_NUMBER = (
    r"(?:(?:a|een|ein|un)\s+)?(?P<count>\d{1,3}|"
    + "|".join(sorted(map(re.escape, _NUMBERS), key=len, reverse=True))
    + r")"
)
_UNITS = {
    "hour": r"hours?|uur|uren|stunden?|heures?|horas?",
    "day": r"days?|dagen|dag|tage?n?|jours?|d[ií]as?",
    "week": r"weeks?|weken|wochen?|semaines?|semanas?",
}
_UNIT = "(?:" + "|".join(f"(?P<{unit}>{words})" for unit, words in _UNITS.items()) + ")"
#: "three days a week" is a habit, not a limit.
_NOT_A_HABIT = r"(?!\s+(?:a|an|per|in\s+de|pro|par|por|a\s+la|each|every)\s+(?:week|maand|month|woche|monat|semaine|mois|semana|mes)\b)"
#: "a couple of days", "a few days", "een paar dagen", "un par de días": the number, then the unit.
_COUNTED = _NUMBER + r"\s+(?:of\s+|de\s+)?" + _UNIT + _NOT_A_HABIT

#: The phrases, each with the kind of limit it names. A duration needs a word that makes it one
#: ("for", "the next", "komende", "lang", "nächsten", "pendant", "durante") or the count alone in
#: English's "for".
_PHRASES: tuple[tuple[str, str], ...] = (
    # the day after tomorrow first: it holds "tomorrow" / "morgen" / "demain" / "mañana"
    ("after_tomorrow", r"the\s+day\s+after\s+tomorrow|overmorgen|übermorgen|après[- ]demain|pasado\s+mañana"),
    (
        "today",
        r"today|tonight|this\s+(?:morning|afternoon|evening)"
        r"|vandaag|vanavond|vannacht|vanmiddag|vanochtend|vanmorgen|deze\s+morgen"
        r"|heute|diese[nm]?\s+(?:morgen|abend|nachmittag)"
        r"|aujourd'hui|ce\s+soir|cet\s+après-midi|ce\s+matin|cette\s+nuit"
        r"|hoy|esta\s+(?:noche|tarde|mañana)",
    ),
    (
        "tomorrow",
        r"tomorrow|morgen(?:vroeg|ochtend|middag|avond)?|demain|mañana",
    ),
    (
        "week",
        r"this\s+week|(?:until|till|til)\s+the\s+end\s+of\s+(?:the|this)\s+week"
        r"|deze\s+week|tot\s+(?:het\s+)?eind[e]?\s+van\s+de(?:ze)?\s+week"
        r"|diese\s+woche|bis\s+(?:zum\s+)?ende\s+(?:der|dieser)\s+woche"
        r"|cette\s+semaine|jusqu'à\s+la\s+fin\s+de\s+(?:la|cette)\s+semaine"
        r"|esta\s+semana|hasta\s+(?:el\s+)?(?:final|fin)\s+de\s+(?:la|esta)\s+semana",
    ),
    (
        "weekend",
        r"this\s+weekend|dit\s+weekend|diese[sm]\s+wochenende|ce\s+week[- ]?end|este\s+fin\s+de\s+semana",
    ),
    (
        "month",
        r"this\s+month|(?:until|till|til)\s+the\s+end\s+of\s+(?:the|this)\s+month"
        r"|deze\s+maand|tot\s+(?:het\s+)?eind[e]?\s+van\s+de(?:ze)?\s+maand"
        r"|diese[nm]\s+monat|bis\s+(?:zum\s+)?ende\s+(?:des|dieses)\s+monats"
        r"|ce\s+mois(?:-ci)?|jusqu'à\s+la\s+fin\s+(?:du|de\s+ce)\s+mois"
        r"|este\s+mes|hasta\s+(?:el\s+)?(?:final|fin)\s+de(?:l|\s+este)?\s+mes",
    ),
    (
        "next_week",
        r"(?:until|till|til)\s+next\s+week|tot\s+(?:de\s+)?volgende\s+week|bis\s+(?:zur\s+)?nächste[n]?\s+woche"
        r"|jusqu'à\s+la\s+semaine\s+prochaine|hasta\s+la\s+(?:semana\s+que\s+viene|próxima\s+semana)",
    ),
    (
        # next week as the time itself ("Next week I am in Paris"): until the end of its Sunday
        "during_next_week",
        r"next\s+week|volgende\s+week|nächste\s+woche|(?:la\s+)?semaine\s+prochaine"
        r"|(?:la\s+)?(?:semana\s+que\s+viene|próxima\s+semana)",
    ),
    (
        "until_date",
        _UNTIL + r"\s+(?:(?P<day>\d{1,2})(?:st|nd|rd|th|er|\.)?\s+(?:de\s+)?(?P<month>" + _MONTH + r")"
        r"|(?P<month_first>" + _MONTH + r")\s+(?P<day_after>\d{1,2})(?:st|nd|rd|th)?)",
    ),
    (
        "for_now",
        r"for\s+now|for\s+the\s+time\s+being|for\s+the\s+moment|temporarily"
        r"|voorlopig|voor\s+nu|voor\s+het\s+moment|tijdelijk"
        r"|vorerst|vorläufig|fürs\s+erste|für\s+den\s+moment|vorübergehend"
        r"|pour\s+l'instant|pour\s+le\s+moment|provisoirement|temporairement"
        r"|por\s+ahora|de\s+momento|por\s+el\s+momento|temporalmente|por\s+lo\s+pronto",
    ),
    (
        "until_day",
        _UNTIL + r"\s+(?:(?:next|volgende|nächsten|nächster|nächste|próximo)\s+)?"
        r"(?P<weekday>" + _WEEKDAY + r")(?:\s+prochain)?",
    ),
    (
        "duration",
        r"(?:for\s+(?:the\s+)?(?:next\s+|coming\s+)?|(?:the\s+)?(?:next|coming)\s+"
        r"|(?:de\s+)?(?:komende|volgende)\s+|nog\s+|(?:die\s+)?(?:nächsten|kommenden)\s+|für\s+|noch\s+"
        r"|pendant\s+(?:les\s+)?|pour\s+(?:les\s+)?|durante\s+(?:los\s+|las\s+)?(?:próximos\s+|próximas\s+)?"
        r"|(?:los|las)\s+próxim[oa]s\s+)" + _COUNTED,
    ),
    ("duration", _COUNTED + r"\s+(?:lang|long)"),
    ("duration", r"pendant\s+les\s+" + _NUMBER + r"\s+(?:prochain(?:e)?s)\s+" + _UNIT),
)
#: Words that look like a limit but are not one, blanked before the search: "nowadays"
#: ("vandaag de dag", "hoy en día", "de nos jours"), "to this day" ("bis heute"), a morning
#: that is a time of day or a greeting ("goedemorgen" is one word; "guten Morgen", "jeden
#: Morgen", "por la mañana", "cada mañana"), a range of days ("Monday until Friday", "von
#: Montag bis Freitag", "de lunes hasta viernes").
_NOT_LIMITS = re.compile(
    r"\b(?:vandaag\s+de\s+dag|hoy\s+(?:en\s+)?d[ií]a|bis\s+heute|(?:tot|until|till)\s+(?:today|vandaag)\s+(?:toe|still)?"
    r"|(?:guten|jeden|am|den|einen|dem|(?:eines|des)\s+\w+)\s+morgen|(?:elke|iedere|de|een|goede)\s+morgen"
    r"|(?:la|las|cada|una|de\s+la|todas\s+las)\s+mañanas?"
    r"|"
    + _WEEKDAY
    + r"\s+(?:until|till|til|through|to|tot(?:\s+en\s+met)?|bis|hasta|a|au)\s+"
    + _WEEKDAY
    # "I start my new job next week", "vanaf volgende week": a beginning, not a limit
    + r"|(?:start|starts|starting|begin|begins|beginning|from|as\s+of|vanaf|ab|à\s+partir\s+de|a\s+partir\s+de)"
    + r"\b[^.!?]{0,40}?\b(?:next\s+week|volgende\s+week|nächste[rn]?\s+woche|(?:la\s+)?semaine\s+prochaine"
    + r"|(?:la\s+)?(?:semana\s+que\s+viene|próxima\s+semana))"
    # "I've been vegetarian for two weeks": how long it has lasted, not a limit
    + r"|(?:have|has|had|'ve|'d)\s+been\b[^.!?]*?\bfor\s+(?:the\s+)?(?:last\s+|past\s+)?"
    + _COUNTED
    + r")\b",
    re.IGNORECASE,
)
_LIMITS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(rf"\b(?:{pattern})\b", re.IGNORECASE)) for kind, pattern in _PHRASES
)


def _end_of_day(moment: datetime) -> datetime:
    return moment.replace(hour=23, minute=59, second=59, microsecond=0)


def _month_index(name: str) -> int:
    """1 for January … 12 for December, for a month's name in any of the five languages."""
    bare = name.rstrip(".")
    return next(
        i for i, names in enumerate(_MONTH_NAMES, start=1) if re.fullmatch("|".join(names), bare, re.IGNORECASE)
    )


def _until_date(match: re.Match[str], now: datetime) -> datetime | None:
    """The end of the day "until 5 December" names: this year's, or next year's once this
    year's has passed; ``None`` for a day the month does not have."""
    day = int(match.group("day") or match.group("day_after"))
    month = _month_index(match.group("month") or match.group("month_first"))
    for year in (now.year, now.year + 1):
        try:
            end = _end_of_day(now.replace(year=year, month=month, day=day))
        except ValueError:
            return None
        if end >= now:
            return end
    return None


def _weekday_index(name: str) -> int:
    """0 for Monday … 6 for Sunday, for a weekday's name in any of the five languages."""
    return next(i for i, names in enumerate(_WEEKDAY_NAMES) if re.fullmatch("|".join(names), name, re.IGNORECASE))


def time_limit(text: str) -> tuple[str, re.Match[str]] | None:
    """The first time limit ``text`` states, as ``(kind, match)``, or ``None``.

    Kinds: ``today`` (today, tonight, this afternoon; "vandaag", "heute", "aujourd'hui",
    "hoy", …), ``tomorrow``, ``after_tomorrow``, ``week`` (this week, until the end of the
    week), ``weekend``, ``month`` (this month, until the end of the month), ``next_week``
    (until next week), ``for_now`` (for now, for the time being, "voorlopig", "vorerst",
    "pour l'instant", "por ahora"), ``until_day`` (until a weekday; group ``weekday``) and
    ``duration`` (a number of hours, days or weeks; groups ``count`` and ``hour``/``day``/
    ``week``), ``during_next_week`` ("next week I am in Paris"), ``until_date`` ("until 5
    December"; groups ``day``/``month`` or ``month_first``/``day_after``), in English, Dutch,
    German, French and Spanish (§6). A sentence about a yearly date (a birthday, "every
    year") states no limit. Words that only look like a
    limit — "nowadays", "to this day", a morning that is a time of day, a range of weekdays —
    are not one. Apostrophes may be straight or curly.
    """
    folded = text.replace("\u2019", "'").replace("\u2018", "'")
    if _YEARLY.search(folded):
        return None
    folded = _NOT_LIMITS.sub(lambda found: " " * len(found.group(0)), folded)
    found = [(match.start(), kind, match) for kind, pattern in _LIMITS if (match := pattern.search(folded))]
    if not found:
        return None
    _, kind, match = min(found, key=lambda item: item[0])
    return kind, match


def temporary_expiry(text: str, now: datetime) -> datetime | None:
    """The expiry a time limit in ``text`` implies (:func:`time_limit`), or ``None`` when it
    states none (DESIGN.md §3.5, §4).

    ``now`` is an aware UTC datetime (when the user said it); the result is aware UTC,
    computed in UTC days (the store does not know the user's timezone). Today → end of today;
    tomorrow → end of tomorrow; the day after tomorrow → end of that day; this week, this
    weekend, until the end of the week → end of Sunday; this month, until the end of the month
    → end of the month; until next week → end of next Monday; until a weekday → end of the
    next such day (a week ahead when it is today), "until next Tuesday" the same; next week →
    end of its Sunday; until a date → end of that day (next year's once this year's has
    passed); for now → 7 days; N hours, days or weeks →
    N of them.
    """
    limit = time_limit(text)
    if limit is None:
        return None
    kind, match = limit
    if kind == "today":
        return _end_of_day(now)
    if kind == "tomorrow":
        return _end_of_day(now + timedelta(days=1))
    if kind == "after_tomorrow":
        return _end_of_day(now + timedelta(days=2))
    if kind in ("week", "weekend"):
        return _end_of_day(now + timedelta(days=6 - now.weekday()))
    if kind == "month":
        first_next = (now.replace(day=1) + timedelta(days=32)).replace(day=1)
        return _end_of_day(first_next - timedelta(days=1))
    if kind == "next_week":
        return _end_of_day(now + timedelta(days=7 - now.weekday()))
    if kind == "during_next_week":
        return _end_of_day(now + timedelta(days=13 - now.weekday()))
    if kind == "until_date":
        return _until_date(match, now)
    if kind == "for_now":
        return now + timedelta(days=7)
    if kind == "until_day":
        ahead = (_weekday_index(match.group("weekday")) - now.weekday()) % 7 or 7
        return _end_of_day(now + timedelta(days=ahead))
    groups = match.groupdict()
    word = (groups.get("count") or "1").lower()
    count = int(word) if word.isdigit() else _NUMBERS.get(word, 1)
    unit = next(unit for unit in _UNITS if groups.get(unit))
    return now + timedelta(**{f"{unit}s": count})
