"""Time-limited wording in the five languages requests are read in (DESIGN.md §3.5, §4, §6):
"deze week", "diese Woche", "cette semaine", "esta semana" expire as "this week" does, and
words that only look like a limit ("every morning", "hoy en día", "bis heute") do not."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memtrust.store.admission import decide
from memtrust.store.model import Proposal
from memtrust.store.screening import temporary_expiry

SAID = datetime(2026, 3, 4, 10, 0, tzinfo=UTC)  # a Wednesday
END_OF = {  # the UTC day each kind of limit ends on, said at SAID
    "today": datetime(2026, 3, 4, 23, 59, 59, tzinfo=UTC),
    "tomorrow": datetime(2026, 3, 5, 23, 59, 59, tzinfo=UTC),
    "after_tomorrow": datetime(2026, 3, 6, 23, 59, 59, tzinfo=UTC),
    "week": datetime(2026, 3, 8, 23, 59, 59, tzinfo=UTC),
    "month": datetime(2026, 3, 31, 23, 59, 59, tzinfo=UTC),
    "next_week": datetime(2026, 3, 9, 23, 59, 59, tzinfo=UTC),
    "friday": datetime(2026, 3, 6, 23, 59, 59, tzinfo=UTC),
    "for_now": SAID + timedelta(days=7),
    "three_days": SAID + timedelta(days=3),
    "two_weeks": SAID + timedelta(days=14),
}


@pytest.mark.parametrize(
    ("kind", "sentences"),
    [
        (
            "today",
            [
                "I'm at home today",
                "Vandaag werk ik thuis",
                "Heute bin ich zu Hause",
                "Aujourd’hui je suis chez moi",
                "Hoy estoy en casa",
            ],
        ),
        (
            "tomorrow",
            [
                "Tomorrow I'm in Ghent",
                "Morgen ben ik in Gent",
                "Morgen bin ich in Köln",
                "Demain je suis à Lyon",
                "Mañana estoy en Sevilla",
            ],
        ),
        (
            "after_tomorrow",
            ["Overmorgen vlieg ik", "Übermorgen fliege ich", "Après-demain je pars", "Pasado mañana vuelo"],
        ),
        (
            "week",
            [
                "No meat this week",
                "Deze week eet ik vegetarisch",
                "Diese Woche esse ich vegetarisch",
                "Cette semaine je mange végétarien",
                "Esta semana como vegetariano",
            ],
        ),
        (
            "week",
            [
                "Dit weekend ben ik weg",
                "Dieses Wochenende bin ich weg",
                "Ce week-end je suis absent",
                "Este fin de semana no estoy",
            ],
        ),
        (
            "month",
            [
                "Deze maand spaar ik",
                "Diesen Monat spare ich",
                "Ce mois-ci j'économise",
                "Este mes ahorro",
                "Bis Ende des Monats in München",
            ],
        ),
        (
            "next_week",
            [
                "Until next week, texts only",
                "Tot volgende week liever sms",
                "Bis nächste Woche per SMS",
                "Jusqu'à la semaine prochaine, des SMS",
                "Hasta la semana que viene, SMS",
            ],
        ),
        (
            "friday",
            [
                "Until Friday I only have my phone",
                "Tot vrijdag alleen mijn telefoon",
                "Bis Freitag nur mein Handy",
                "Jusqu'à vendredi seulement mon téléphone",
                "Hasta el viernes solo el móvil",
            ],
        ),
        (
            "for_now",
            [
                "For now, answers in English",
                "Voorlopig antwoorden in het Engels",
                "Vorerst Antworten auf Englisch",
                "Pour l'instant, réponds en anglais",
                "Por ahora, respóndeme en inglés",
            ],
        ),
        (
            "three_days",
            [
                "For the next three days I'm away",
                "De komende drie dagen ben ik weg",
                "Die nächsten drei Tage bin ich weg",
                "Pendant les trois prochains jours je suis absent",
                "Durante los próximos tres días no estoy",
            ],
        ),
        (
            "two_weeks",
            [
                "For two weeks I'm on leave",
                "Twee weken lang ben ik met verlof",
                "Zwei Wochen lang bin ich in Elternzeit",
                "Pendant deux semaines je suis en congé",
                "Durante dos semanas estoy de baja",
            ],
        ),
    ],
)
def test_a_time_limit_in_any_of_the_five_languages_expires_as_the_english_one(kind, sentences):
    for sentence in sentences:
        assert temporary_expiry(sentence, SAID) == END_OF[kind], sentence


@pytest.mark.parametrize(
    "sentence",
    [
        "I always go running in the morning",
        "I work Monday until Friday",
        "From now on, reply in Dutch",
        "I've been vegetarian for two weeks now",
        "I work three days a week",
        "Ik drink 's morgens altijd koffie",
        "Goedemorgen, ik heb een vraag",
        "Ik werk van maandag tot vrijdag",
        "Vandaag de dag lees ik alles op mijn tablet",
        "Ik sta elke morgen om zes uur op",
        "Guten Morgen, eine Frage",
        "Ich trinke jeden Morgen Kaffee",
        "Ich arbeite von Montag bis Freitag",
        "Ich wohne bis heute in derselben Wohnung",
        "Ich bin seit zwei Wochen Vegetarier",
        "Je travaille du lundi au vendredi",
        "De nos jours je lis tout sur ma tablette",
        "Je suis végétarien depuis deux semaines",
        "Por la mañana siempre tomo café",
        "Todas las mañanas salgo a correr",
        "Hoy en día leo todo en la tableta",
        "Trabajo de lunes hasta viernes",
    ],
)
def test_words_that_only_look_like_a_limit_give_no_expiry(sentence):
    assert temporary_expiry(sentence, SAID) is None


@pytest.mark.parametrize(
    ("sentence", "day"),
    [
        # next week as the time itself: until the end of its Sunday (said Wednesday 4 March)
        ("Next week I am in Paris", "2026-03-15"),
        ("Volgende week ben ik in Gent", "2026-03-15"),
        ("Nächste Woche bin ich in Berlin", "2026-03-15"),
        ("La semaine prochaine je suis à Lyon", "2026-03-15"),
        ("La semana que viene estoy en Madrid", "2026-03-15"),
        # until next <weekday>: the coming one
        ("Until next Tuesday I am on call", "2026-03-10"),
        ("Bis nächsten Dienstag habe ich Bereitschaft", "2026-03-10"),
        ("Hasta el próximo martes estoy de guardia", "2026-03-10"),
        # until a date: this year's, or next year's once it has passed
        ("I am on holiday until 5 December", "2026-12-05"),
        ("Ich bin bis zum 5. Dezember im Urlaub", "2026-12-05"),
        ("Je suis en vacances jusqu'au 5 décembre", "2026-12-05"),
        ("I'm away until February 2", "2027-02-02"),
    ],
)
def test_next_week_until_next_weekday_and_until_a_date_are_time_limits(sentence, day):
    expiry = temporary_expiry(sentence, SAID)
    assert expiry is not None and expiry.date().isoformat() == day


@pytest.mark.parametrize(
    "sentence",
    [
        "My birthday is today, remind me every year",
        "Heute ist mein Geburtstag, jedes Jahr am 4. März",
        "Hoy es mi cumpleaños, todos los años",
        "I start my new job next week",
        "Vanaf volgende week werk ik in Gent",
    ],
)
def test_a_yearly_date_or_a_beginning_next_week_is_no_limit(sentence):
    assert temporary_expiry(sentence, SAID) is None


def test_admission_gives_a_dutch_request_for_this_week_the_expiry_of_the_english_one():
    def decided(sentence: str):
        proposal = Proposal("food.diet", "vegetarian", "explicit", "chat", utterance=sentence, said_at=SAID)
        return decide(proposal, learning_enabled=False, existing=[], now=SAID + timedelta(hours=1))

    english, dutch = (
        decided("Remember that I'm vegetarian this week"),
        decided("Onthoud dat ik deze week vegetarisch eet"),
    )
    assert english.outcome == dutch.outcome == "pending"
    assert english.expires_at == dutch.expires_at == END_OF["week"]
    lapsed = Proposal("food.diet", "vegetarian", "explicit", "chat", utterance="Diese Woche vegetarisch", said_at=SAID)
    late = decide(lapsed, learning_enabled=False, existing=[], now=SAID + timedelta(days=10))
    assert late.outcome == "reject" and late.rule == "4"  # said a fortnight ago: already lapsed
