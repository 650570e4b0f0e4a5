"""The sensitive classes (DESIGN.md §3.1): which matter of a special category a text speaks of.

One classifier for the whole product: admission rejects an inference that mentions a class
(:func:`sensitive_class` on key words and value), the ``[sensitive]`` badge
(:attr:`store.model.Memory.sensitive`) uses the same test, and so do the implicit detectors
(a conversation that touches a class is not read for topics), agents over MCP (their
signals go through admission) and import.

The classes are the seed's four (health, finance, family, politics), the other GDPR Art. 9
special categories (religion, ethnicity, sexuality — sex life and orientation —,
biometrics, genetics, union — trade-union membership) and crime. Health covers mental
health, addiction and medication; finance covers debt, bankruptcy, income and benefits.

How a text is read, in English, Dutch, German, French and Spanish:

- **Words, not substrings.** The text is folded (NFKC, case, accents, format characters
  removed) into words; a vocabulary word matches a text word with the same Snowball stem in
  the word's language (``attacks`` → ``attack``), so "transfer" is never "trans" and
  "Krankenhaus" is not "krank". ``prefix*`` and ``*suffix`` match the start or the end of a
  word (compounds: ``*sucht`` finds "Spielsucht"); ``+head`` and ``lead+`` only a compound
  of at least three more letters ("Nierenentzündung", "pleegdochter"; not "onschuld",
  "pleegde"); ``=word`` matches exactly (acronyms). A word about a person (``@mother``)
  matches its plural and case forms, not every word stemmed alike ("madre", not "Madrid").
- **Domains, not sentences.** Besides the phrases met in the labelled sets
  (:data:`VOCABULARY`), whole domain vocabularies (:data:`DOMAINS`): conditions, symptoms,
  drugs, therapies, festivals, denominations and practices, parties and political acts,
  origins, money and legal trouble; and the word endings that name what no list has
  (``*itis``, ``*ectomy``, drug stems such as ``*prazole``, ``*statin``, ``*olol``).
- **Phrases.** Most entries are phrases (``panic attack``, ``see * shrink`` — ``*`` stands
  for up to two words), found with an Aho–Corasick automaton (pyahocorasick) over the words.
- **Context.** A word that is only sensitive about a person (``@parent``, ``@mother``,
  ``@doctor``) needs a person just before it — a possessive or pronoun within three words
  (``my``, ``mijn``, ``meine``, ``ma``, ``mi``, ``I``, ``user``…): "my parents" is family,
  "the parent directory" is not. Ordinary uses of a sensitive word are listed as benign
  phrases (``white paper``, ``genetic algorithm``, ``office politics``); where two matches
  overlap the longer one decides, and a benign phrase cancels any match it overlaps unless
  that match is a longer phrase around it. An origin word ("Turkish", "marokkaanse") counts
  only beside a person: a person word after it or "I'm", "as a", "als" before it.
- **Language.** A single vocabulary word of Dutch, German, French or Spanish, and an English
  one that is also a common word of another of the five languages (English "son" and
  Spanish "son"), counts only when the text may be in the word's language, told by the
  common words it uses, a word common to two languages counting half for each
  (:func:`_may_be_in`: on one short sentence function words beat the
  letter statistics of a detector such as lingua, which the language detector uses on whole
  samples). Phrases and English words count in any language: people mix English into their
  own ("ik heb panic attacks").

Measured by ``bench/sensitive_quality.py`` on the labelled sentences in ``tests/data/sensitive/``
(recall on sensitive sentences, false positives on ordinary ones, per class and language).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Literal, NamedTuple

import ahocorasick
import Stemmer

SensitiveClass = Literal[
    "health", "finance", "family", "politics", "religion", "ethnicity", "sexuality", "biometrics", "genetics", "union",
    "crime",
]  # fmt: skip

#: The classes, in the order :func:`sensitive_class` names them when a text touches several.
CLASSES: tuple[SensitiveClass, ...] = (
    "health", "finance", "family", "politics", "religion", "ethnicity", "sexuality", "biometrics", "genetics", "union",
    "crime",
)  # fmt: skip

#: The languages the vocabulary is written in (ISO 639-1) and their Snowball stemmers.
#: (Dutch: the Porter-style Snowball stemmer; the newer one folds "gezondheid" into "zon".)
LANGUAGES = {"en": "english", "nl": "dutch_porter", "de": "german", "fr": "french", "es": "spanish"}

# --- the vocabulary ------------------------------------------------------------------------
#
# class → language → comma-separated entries. Syntax: words are stem-matched; ``*`` alone is
# a gap of up to two words; ``x*`` a word starting with x; ``*x`` a word ending with x; ``*x*``
# a word containing x; ``+x`` a compound ending with x and ``x+`` one starting with it (at
# least three letters more: Dutch and German write "Nierenentzündung" as one word); ``=x``
# exactly x; a leading ``@`` marks an entry that needs a person just before it (a single
# such word matches its plurals, not everything stemmed alike), a leading ``~`` one that needs
# a person within three words either side ("the police questioned me", "mich hat die Polizei"). Accents may be written or
# not (they are removed on both sides). :data:`VOCABULARY` grew sentence by sentence;
# :data:`DOMAINS` is written domain by domain (conditions, drugs, festivals, parties…).

VOCABULARY: dict[str, dict[str, str]] = {
    "health": {
        "en": """health condition, health problem, health issue, medical condition, medical history, medical records,
            medical leave, sick leave, sick note, @medication, on medication, medicat* for, prescription, prescribed,
            @medicine, @doctor, see * doctor, doctor s appointment, gp appointment, hospital, hospitalised,
            hospitalized, clinic, disease, illness, @ill, chronically ill, terminally ill, mentally ill, diagnosed,
            @diagnosis, @symptom, therapy, therapist, psychiatrist, psychiatric, psychologist, counselling,
            counseling, counsellor, counselor, see * shrink, @shrink, mental health, mental illness, mental breakdown,
            nervous breakdown, depression, depressed, depressive, anxiety, anxious, panic attack, anxiety attack,
            suicid*, self harm, harming myself, hurt myself, want to die, eating disorder, bipolar, schizophreni*,
            psychosis, psychotic, ptsd, =ocd, =adhd, adhd, autism, autistic, asperger*, dementia, alzheimer*,
            anorexi*, bulimi*, insomnia, migraine*, cancer, tumor, tumour, chemo*, radiotherapy, diabet*, asthma,
            epilep*, seizure, =hiv, hepatitis, covid, heart attack, heart condition, cardiac arrest, stroke patient,
            had a stroke, surgery, operation on my, disability, @disabled, wheelchair, hearing aid, pregnan*,
            miscarriage, abortion, =ivf, infertil*, fertility, menopause, addiction, @addicted, addict, alcoholi*,
            drinking problem, rehab, overdose, opioid*, cocaine, heroin, =meth, crack cocaine, substance use,
            substance abuse, drug use, drug abuse, in recovery from, recovering alcoholic, recovering addict,
            @sober, sobriety, months sober, years sober, weeks sober, days sober, relaps*, antidepressant*, prozac, zoloft, sertraline, fluoxetine, xanax, valium, adderall,
            ritalin, insulin, metformin, ozempic, wegovy, lithium for, methadone, antibiotic*, painkiller*,
            chronic pain, back pain, @pain, obes*, weight loss surgery, blood pressure, cholesterol, allerg*,
            physiotherap*, dentist, @injury, injured, broke * leg, broke * arm, concussion, infection, @fever,
            flu, vaccin*, blood test, mri scan, ct scan, biopsy, cast on my, crutches, nurse said, the ward,
            psych ward, burnout, burn out, burned out, burnt out,
            pacemaker, inhaler, hip replacement, knee replacement, cardiolog*, oncolog*, neurolog*, dermatolog*, gynaecolog*, gynecolog*, urolog*, rheumatolog*, endocrinolog*, orthopaed*, orthoped*, psychotherap*, =mri, palpitations, psoriasis, eczema, arthritis, pneumonia, coeliac, celiac, obsessive thoughts, compulsions, self medicating, waiting list for, speech therapist, stutter, follow up with my, hip operation, knee operation, back operation, eye operation, heart operation, knee surgery, hip surgery, back surgery, eye surgery, heart surgery, transplant, kidney, dialysis, cystic fibrosis, hearing loss, x ray, fracture, sprained, physio, gp, =gp""",
        "nl": """@=gezondheid, gezondheidsproblem*, ziek, ziekte*, ziekenhuis*, *ziekte, ziekgemeld, ziekmelding,
            ziekteverlof, huisarts, @dokter, @arts, naar de dokter, medisch*, medicijn*, medicatie, @diagnose,
            gediagnosticeerd, psycholoog, psychiater, therapeut, therapie, *therapie, depressie*, depressief,
            angststoornis, angstaanval*, paniekaanval*, *stoornis, burn out, burnout, overspannen, verslav*,
            verslaafd, afkick*, gokverslaving, alcoholist, drugsgebruik, zelfmoord*, suicid*, dood willen, psychose, =ggz,
            geestelijke gezondheid, mentale gezondheid, =adhd, autisme, autistisch, dementie, alzheimer, kanker,
            tumor, chemo*, bestraling, diabetes, suikerziekte, astma, epilepsie, hartaanval, hartinfarct, beroerte,
            operatie aan, geopereerd, gehandicapt, handicap, rolstoel, zwanger*, miskraam, abortus, =ivf,
            onvruchtba*, overgang, migraine, slapeloosheid, antidepressiva, insuline, @pijn, chronische pijn,
            rugpijn, hoofdpijn, allergi*, fysiotherap*, tandarts, griep, koorts, infectie, bloedonderzoek,
            bloeddruk, gebroken been, been gebroken, arm gebroken, gips, krukken, ziek thuis, herstel* van een,
            pacemaker, puffer, nieuwe heup, nieuwe knie, heupoperatie, knieoperatie, rugoperatie, oogoperatie, hartoperatie, cardioloog, oncoloog, neuroloog, dermatoloog, gynaecoloog, uroloog, reumatoloog, orthopeed, psychotherap*, =mri, hartkloppingen, psoriasis, eczeem, artritis, artrose, longontsteking, coeliakie, dwanggedachten, dwanghandelingen, bloeddrukpillen, wachtlijst voor, logopedist, transplantatie, dialyse, taaislijmziekte, gehoorverlies, rontgenfoto, breuk in, verstuikt, fysio, bloeddruk""",
        "de": """gesundheit, gesundheitlich*, krank, krankheit*, *krankheit, krankenhaus*, krankgeschrieben,
            krankschreibung, krankmeldung, krankenstand, hausarzt, *arzt, arzt*, @arztin, @doktor, medizinisch*,
            medikament*, diagnose, diagnostiziert, psychologe, psychologin, psychiater, psychiatrie, therapeut*,
            therapie, *therapie, depression*, depressiv, *angststorung, angstattacke*, panikattacke*, essstorung, schlafstorung,
            personlichkeitsstorung, zwangsstorung,
            burnout, burn out, +sucht, +suchtig, die sucht, eine sucht, meine sucht, seine sucht, ihre sucht, der sucht,
            von der sucht, gegen die sucht, suchtig, suchtkrank*, suchtklinik, suchtberatung, suchtproblem*, alkoholiker*, entzug, entzugsklinik, drogenkonsum, selbstmord,
            suizid*, sterben wollen, psychose, psychisch*, =adhs, autismus, autist*, demenz, alzheimer, krebs*,
            tumor, chemo*, bestrahlung, diabetes, asthma, epilepsie, herzinfarkt, schlaganfall, operiert, operation
            am, behindert, behinderung, rollstuhl, schwanger*, fehlgeburt, abtreibung, unfruchtba*, wechseljahre,
            migrane, schlaflosigkeit, antidepressiva, insulin, @schmerz*, chronische schmerzen, ruckenschmerzen,
            kopfschmerzen, allergi*, physiotherap*, zahnarzt, grippe, fieber, infektion, blutdruck, bluttest,
            gebrochen, gips, krucken, reha,
            herzschrittmacher, asthmaspray, inhalator, neue hufte, neues knie, huftoperation, knieoperation, knie op, ruckenoperation, augenoperation, herzoperation, kardiolog*, onkolog*, neurolog*, dermatolog*, gynakolog*, urolog*, rheumatolog*, orthopad*, psychotherap*, =mrt, herzrasen, schuppenflechte, psoriasis, neurodermitis, arthritis, arthrose, lungenentzundung, zoliakie, zwangsgedanken, zwangshandlungen, blutdrucktabletten, blutdruck, warteliste fur, logopad*, transplantation, dialyse, mukoviszidose, horverlust, rontgen, gebrochen, verstaucht, physio""",
        "fr": """@sante, probleme de sante, problemes de sante, malade, maladie*, hopital, hospitalise*, clinique,
            @medecin, chez le medecin, @docteur, medical*, medicament*, traitement pour, @diagnostic,
            diagnostique, psychologue, psychiatre, psychiatrie, therapeute, therapie, psy, depression, deprime*,
            depressif, anxiete, angoisse*, crise d angoisse, crises d angoisse, attaque de panique, crise de panique,
            crises de panique, trouble anxieux, troubles anxieux, trouble bipolaire, troubles alimentaires,
            trouble du comportement alimentaire, burn out, burnout, addict*, dependance a, alcoolique, alcoolisme, drogue*,
            suicid*, envie de mourir, psychose, sante mentale, =tdah, autisme, autiste, demence, alzheimer, cancer,
            tumeur, chimio*, radiotherapie, diabete, diabetique, asthme, epilepsie, crise cardiaque, infarctus, =avc,
            opere, operation du, handicap*, fauteuil roulant, enceinte, grossesse, fausse couche, avortement, =ivg,
            infertil*, menopause, migraine, insomnie, antidepresseur*, insuline, @douleur*, mal au dos, mal a la
            tete, allergi*, kine, kinesitherap*, dentiste, grippe, fievre, infection, prise de sang, tension
            arterielle, jambe cassee, bras casse, platre, bequilles, arret maladie, en arret, sevrage,
            desintoxication,
            pacemaker, stimulateur cardiaque, inhalateur, prothese de hanche, prothese de genou, operation de la hanche, operation du genou, operation du dos, operation des yeux, cardiolog*, oncolog*, neurolog*, dermatolog*, gynecolog*, urolog*, rhumatolog*, orthoped*, psychotherap*, =irm, palpitations, psoriasis, eczema, arthrite, arthrose, pneumonie, coeliaque, pensees obsessionnelles, tocs, =toc, cachets pour, liste d attente pour, orthophoniste, greffe, dialyse, mucoviscidose, perte auditive, radio du, entorse, fracture, tension""",
        "es": """@salud, problemas de salud, problema de salud, enferm*, hospital, hospitalizad*, clinica, @medico,
            @doctor, medicament*, medicacion, tratamiento para, @diagnostico, diagnosticad*, psicolog*, psiquiatra,
            psiquiatric*, terapeuta, terapia, depresion, deprimid*, ansiedad, ataque de panico, ataques de panico,
            crisis de ansiedad, trastorno*, burnout, adiccion, adict*, alcoholic*, alcoholismo, droga*, suicid*,
            ganas de morir, psicosis, salud mental, =tdah, autismo, autista, demencia, alzheimer, cancer, tumor,
            quimio*, radioterapia, diabetes, diabetic*, asma, epilepsia, infarto, ictus, operad* de, me operan, me operaron,
            discapacidad, discapacitad*, silla de ruedas, embarazad*, embarazo, aborto, infertil*, menopausia,
            migrana, insomnio, antidepresivo*, insulina, @dolor*, dolor de espalda, dolor de cabeza, alergi*,
            fisioterap*, dentista, gripe, fiebre, infeccion, analisis de sangre, tension arterial, pierna rota,
            brazo roto, escayola, muletas, baja medica, de baja, rehabilitacion, desintoxicacion,
            marcapasos, inhalador, protesis de cadera, protesis de rodilla, operacion de rodilla, operacion de cadera, operacion de espalda, operacion de ojos, cardiolog*, oncolog*, neurolog*, dermatolog*, ginecolog*, urolog*, reumatolog*, traumatolog*, psicoterap*, resonancia magnetica, palpitaciones, psoriasis, eccema, artritis, artrosis, neumonia, celiac*, pensamientos obsesivos, =toc, pastillas para, lista de espera para, logopeda, trasplante, dialisis, fibrosis quistica, perdida auditiva, radiografia, esguince, fractura, ingresado por, ingresada por, tension alta""",
    },
    "finance": {
        "en": """debt, debts, in debt, indebted, bankrupt*, insolven*, salary, salaries, @wage, @wages, paycheck,
            paycheque, payslip, pay slip, income, @loan, @loans, mortgage, overdraft, overdrawn, credit score,
            credit rating, credit card debt, payday loan, net worth, tax return, tax debt, foreclosure, repossess*,
            arrears, unemploy*, jobless, on welfare, welfare benefits, on benefits, food stamps, food bank,
            can t afford, cannot afford, afford the rent, afford rent, @broke, money problems, money troubles,
            financial problems, financial difficulties, financial situation, financial trouble, @savings, @pension,
            @bank account, i earn, she earns, he earns, we earn, raise at work, evict*, debt collector*, collection agency, living
            paycheck to paycheck, behind on rent, behind on * payments, behind on my, owe, owes, owed, @inheritance,
            @finances, personal finances, student loan*, minimum wage,
            universal credit, bailiff*, maxed out, credit cards maxed, can barely make rent, barely make rent, make rent, can t pay, cannot pay, barely pay, wage garnish*, wages garnished, garnishment, debt relief, debt management plan, in arrears, payday lender*, pawn shop, pawned, foodbank, living off my overdraft, defaulted on""",
        "nl": """=schulden, schuldhulp*, schuldsanering, *schulden, failliet, faillissement, salaris, inkomen,
            @loon, hypotheek, lening, rood staan, roodstand, bijstand, uitkering, werkloos, werkloosheid, krap bij
            kas, sta * rood, staan * rood, stond * rood, geldzorgen, geldproblemen, financiele problemen, financiele situatie, betalingsachterstand,
            achterstand met, deurwaarder, kredietwaardigheid, =bkr, @spaargeld, @pensioen, belastingaangifte,
            toeslagen, huurtoeslag, zorgtoeslag, @verdien, @verdient, voedselbank, opslag gevraagd,
            minimumloon, erfenis,
            schuldregeling, schuldhulpverlening, beslag op mijn loon, beslag gelegd, huur * betalen, huur amper, niet betalen, creditcards, tot het maximum, minimuminkomen, bijstandsuitkering, betalingsregeling, incasso*, aanmaning*""",
        "de": """=schulden, *schulden, verschuldet, insolvenz, *insolvenz, pleite, bankrott, @gehalt, einkommen,
            @lohn, hypothek, @kredit, darlehen, dispo, dispokredit, =schufa, arbeitslos*, hartz iv, =hartz,
            burgergeld, sozialhilfe, gerichtsvollzieher, geldsorgen, geldprobleme, finanzielle probleme,
            finanzielle lage, finanzielle situation, pfandung, @verdiene, @verdient, @rente, steuererklarung,
            @ersparnisse, tafel, mindestlohn, erbschaft, gehaltserhohung,
            schuldnerberatung, schuldner*, gepfandet, lohnpfandung, kontopfandung, ausgereizt, miete * bezahlen, kaum bezahlen, nicht bezahlen, existenzminimum, ratenzahlung, inkasso*, mahnung*, mahnbescheid""",
        "fr": """dette, dettes, endett*, surendett*, faillite, salaire, @revenu, @revenus, pret immobilier, @pret,
            credit immobilier, hypotheque, a decouvert, decouvert bancaire, chomage, chomeur, chomeuse, =rsa,
            allocation*, fins de mois difficiles, fins de mois * difficiles, huissier, interdit bancaire, @epargne, @retraite, declaration d
            impots, impots, problemes d argent, ennuis financiers, difficultes financieres, situation financiere,
            je gagne * par mois, gagne * net, smic, restos du coeur, augmentation de salaire, heritage,
            saisie sur salaire, saisit * salaire, cartes de credit au maximum, payer le loyer, payer mon loyer, minimum vital, echeancier, recouvrement, mise en demeure, impayes, impaye""",
        "es": """deuda, deudas, endeudad*, quiebra, bancarrota, sueldo, salario, @ingresos, prestamo, hipoteca,
            numeros rojos, @paro, desempleado, desempleada, desempleo, subsidio, @embargo, problemas de dinero,
            problemas economicos, dificultades economicas, situacion economica, @ahorros, @pension, declaracion
            de la renta, hacienda, gano * al mes, cobro * al mes, gano * euros, salario minimo, banco de alimentos, aumento de sueldo, herencia, llegar a
            fin de mes,
            concurso de acreedores, acreedores, embargando, embargaron, al limite, pagar el alquiler, pagar la hipoteca, ingreso minimo vital, impagos, impagados, moroso, morosos, recobro""",
    },
    "family": {
        "en": """@mother, @father, @mom, @mum, @dad, @parent, @parents, @child, @children, @kid, @kids, @son,
            @sons, @daughter, @daughters, @brother, @sister, @sibling, @siblings, @grandmother, @grandfather,
            @grandma, @grandpa, @grandparents, @grandchild, @grandchildren, @grandson, @granddaughter, @wife,
            @husband, @spouse, @partner, @boyfriend, @girlfriend, @fiance, @fiancee, @baby, @family, @stepson,
            @stepdaughter, @stepmother, @stepfather, @aunt, @uncle, @cousin, @niece, @nephew, @in laws,
            @mother in law, @father in law, @ex, @toddler, @newborn, @twins, divorc*, custody, alimony, child
            support, married, marriage, wedding, widow*, @adopted, adoption, foster care, foster child, single
            mother, single parent, single dad, my family, our family, expecting a baby, having a baby,
            stepdad, stepmum, stepmom, stepfather, stepmother, trying for a baby, trying to conceive, in laws, my in laws, carer for my, caring for my""",
        "nl": """@moeder, @vader, @mama, @papa, @ouders, @kind, @kinderen, @kindje, @zoon, @zoontje, @dochter,
            @dochtertje, @broer, @zus, @zusje, @opa, @oma, @kleinkind, @kleinkinderen, @vrouw, @man, @echtgenoot,
            @echtgenote, @partner, @vriend, @vriendin, @verloofde, @baby, @gezin, @familie, @schoonmoeder,
            @schoonvader, @schoonouders, @tante, @oom, @neef, @nicht, @ex, @tweeling, scheiding, gescheiden,
            @scheiden, voogdij, alimentatie, omgangsregeling, getrouwd, trouwen, huwelijk, bruiloft, weduwe,
            weduwnaar, adoptie, geadopteerd, pleegkind, pleeggezin, alleenstaande moeder, alleenstaande ouder,
            stiefvader, stiefmoeder, stiefzoon, stiefdochter, stiefkind*, zwanger te worden, schoonouders, mantelzorger""",
        "de": """@mutter, @vater, @mama, @papa, @eltern, @kind, @kinder, @sohn, @tochter, @bruder, @schwester,
            @geschwister, @oma, @opa, @grosseltern, @enkel, @enkelin, @frau, @mann, @ehemann, @ehefrau, @partner,
            @partnerin, @freund, @freundin, @verlobte, @verlobter, @baby, @familie, @schwiegermutter,
            @schwiegervater, @tante, @onkel, @cousin, @cousine, @nichte, @neffe, @ex, @zwillinge, scheidung,
            geschieden, @trennung, sorgerecht, @unterhalt, unterhaltszahlung*, lassen * scheiden, scheiden lassen, verheiratet, heiraten, hochzeit, @ehe,
            witwe, witwer, adoption, adoptiert, geheiratet, pflegekind, pflegefamilie, alleinerziehend*,
            stiefvater, stiefmutter, stiefsohn, stieftochter, stiefkind*, schwanger zu werden, schwiegereltern, pflege meine*, pflege meinen""",
        "fr": """@mere, @pere, @maman, @papa, @parents, @enfant, @enfants, @fils, @fille, @filles, @frere, @soeur,
            @grand mere, @grand pere, @grands parents, @petit fils, @petite fille, @femme, @mari, @epoux, @epouse,
            @conjoint, @conjointe, @copain, @copine, @fiance, @fiancee, @bebe, @famille, @belle mere, @beau pere, est beau pere, est belle mere,
            @tante, @oncle, @cousin, @cousine, @neveu, @niece, @ex, @jumeaux, divorc*, garde des enfants, garde
            alternee, pension alimentaire, marie, mariee, mariage, veuve, veuf, adoption, adopte, adoptee, famille d
            accueil, mere celibataire, pere celibataire, famille monoparentale,
            avoir un bebe, beaux parents, aidant pour, aidante pour""",
        "es": """@madre, @padre, @mama, @papa, @padres, @hijo, @hijos, @hija, @hijas, @hermano, @hermana, @hermanos,
            @abuelo, @abuela, @abuelos, @nieto, @nieta, @nietos, @esposa, @esposo, @marido, @mujer, @pareja,
            @novio, @novia, @prometido, @prometida, @bebe, @familia, @suegra, @suegro, @tia, @tio, @primo, @prima,
            @sobrino, @sobrina, @ex, @gemelos, divorci*, custodia, pension alimenticia, =casado, =casada, =casados, =casadas, =casarme, =casamos, =casarnos, =casarse, =casarte,
            boda, matrimonio, viudo, viuda, adopcion, adoptad*, acogida, madre soltera, padre soltero, familia
            monoparental,
            padrastro, madrastra, hijastro, hijastra, tener un bebe, suegros, cuidador de mi, cuidadora de mi""",
    },
    "politics": {
        "en": """politics, political, politician*, election*, vote for, voted for, voting for, i vote, i voted,
            voter*, ballot, referendum,
            democrat*, republican*, labour party, labor party, conservative party, conservatives, tory, tories,
            liberal democrat*, green party, socialis*, communis*, libertarian*, fascis*, nationalis*, left wing,
            right wing, leftist, far left, far right, alt right, =maga, brexit, trump, biden, obama, kamala,
            activis*, @protest, protested, protesting, demonstration against, party member*, party membership,
            political party, pro choice, pro life, immigration policy, parliament, senator, congressman, campaign
            for, canvass*, marxis*, anarchis*, zionis*, feminis*,
            party conference, party delegate, campaigned for, hustings, ballot box""",
        "nl": """politiek*, politic*, verkiezing*, @gestemd, @stem op, @stemmen op, stemde op, =vvd, =pvv, =d66,
            =cda, groenlinks, =pvda, =bbb, =fvd, =sgp, partijlid, lid van de partij, politieke partij, linkse partij*, rechtse partij*,
            linkse politiek, rechtse politiek, linkse kiezer*, rechtse kiezer*, ben erg linkse, links georienteerd, rechts georienteerd, extreemrechts, extreemlinks, @demonstratie,
            demonstratie tegen, demonstratie voor,
            demonstreren, activist*, socialist*, communist*, fascist*, nationalist*, kamerlid, wilders, rutte,
            referendum, feminist*,
            partij voor de dieren, flyer voor, flyeren voor, campagne voor, partijcongres""",
        "de": """politik, politisch*, politiker*, wahlen, bundestagswahl, landtagswahl, kommunalwahl, europawahl,
            briefwahl, wahlkampf, wahllokal, @gewahlt, @wahle, wahler*, =cdu, =csu, =spd,
            =afd, =fdp, die grunen, den grunen, =grunen, linkspartei, parteimitglied*, @partei, politische meinung, politische partei,
            rechtsextrem*, linksextrem*, rechtsradikal*, linksradikal*, @demonstration, demonstriert, demo gegen,
            aktivist*, sozialis*, kommunis*, faschis*, nationalis*, bundestag, merz, scholz, feminis*,
            wahlkampf fur, parteitag, parteibuch""",
        "fr": """politique, politiques, homme politique, femme politique, @politique, election*, @vote, @vote
            pour, voter pour, parti politique, parti socialiste, rassemblement national, france insoumise, les
            republicains, renaissance, @militant*, militantisme, @manifestation, @manif, manifester, extreme droite,
            extreme gauche, socialiste*, communiste*, fasciste*, nationaliste*, macron,
            le pen, melenchon, depute, senateur, feminis*,
            les verts, adherent chez, tracte pour, militant chez, congres du parti""",
        "es": """politica, politico, politicos, politicas, elecciones, eleccion, @votar, @vote, @voto, @votado,
            partido politico, =psoe, =vox, partido popular, extrema derecha, extrema izquierda, de izquierdas, de
            derechas, @manifestacion, manifestarme, activista*, socialista*, comunista*, fascista*, nacionalista*,
            independentista*, diputado, senador, feminis*,
            afiliado a, afiliada a, hago campana, campana electoral, mitin""",
    },
    "religion": {
        "en": """religion, religious, @faith, god, gods, @church, go to church, goes to church, went to church, at church, church service, churchgoer, mosque, synagogue, @temple, bible,
            quran, koran, torah, pray, prays, prayed, praying, prayer*, worship*, christian*, christianity,
            catholic*, protestant*, evangelical, baptist, methodist, anglican, lutheran, mormon, jehovah*, muslim*,
            islam*, jew, jews, jewish, judaism, hindu*, buddhis*, sikh*, atheis*, agnostic, jesus, christ, allah,
            ramadan, kosher, halal, sabbath, rabbi, priest, imam, pastor, bar mitzvah, bat mitzvah, baptism,
            baptized, baptised, scientolog*, go to mass, goes to mass, went to mass, sunday service, spiritual, my religion,
            believer, eid, diwali, communion""",
        "nl": """religie, religieus, religieuze, gelovig*, mijn geloof, het geloof, god, @kerk, naar de kerk, kerkdienst, moskee,
            synagoge, bidden, bid, gebed, christen*, christelijk*, katholiek*, protestant*, moslim*, islam*, jood,
            joden, joods*, hindoe*, boeddhis*, atheist*, agnost*, jezus, allah, ramadan, koosjer, halal, dominee,
            priester, imam, doop, gedoopt, bijbel, koran, vasten, suikerfeest, communie""",
        "de": """religion, religios*, glaubig*, mein glaube, meinen glauben, der glaube, gott, @kirche, in die kirche, zur kirche, kirchgang,
            gottesdienst, moschee, synagoge, beten, bete, gebet*, christ, christen*, christlich*, katholisch*,
            evangelisch*, protestant*, muslim*, islam*, jude, juden, judin, judisch*, hindu*, buddhis*, atheist*,
            agnostiker, jesus, allah, ramadan, koscher, halal, pfarrer, priester, imam, taufe, getauft, bibel,
            koran, konfirmation, kommunion, kirchensteuer""",
        "fr": """religion, religieux, religieuse, croyant*, ma foi en, la foi, dieu, @eglise, a l eglise, messe, mosquee,
            synagogue, prier, prie, priere*, chretien*, catholique*, protestant*, musulman*, islam*, juif, juive,
            juifs, judaisme, hindou*, bouddhis*, athee*, agnostique, jesus, allah, ramadan, casher, halal, pretre,
            pasteur, imam, rabbin, bapteme, baptise, bible, coran, careme, communion""",
        "es": """religion, religios*, creyente*, mi fe, la fe, dios, @iglesia, a la iglesia, misa, mezquita, sinagoga, rezar,
            rezo, rezamos, @oracion, cristian*, catolic*, protestante*, evangelic*, musulman*, islam*, judio, judia,
            judios, judaismo, hindu, budis*, ateo, atea, agnostic*, jesus, jesucristo, allah, ramadan, kosher,
            halal, cura, sacerdote, pastor, imam, rabino, bautizo, bautizad*, biblia, coran, cuaresma, comunion""",
    },
    "ethnicity": {
        "en": """ethnic*, racial*, racism, racist*, @race, national origin, @ancestry, indigenous, aboriginal,
            immigrant*, immigration status, refugee*, asylum seeker*, undocumented, person of colour, person of
            color, people of colour, people of color, =poc, mixed race, biracial, skin colour, skin color, descent,
            @heritage, minority background, migrant background, roma people, roma community, romani, gypsy,
            traveller community, second generation, first generation immigrant""",
        "nl": """etnisch*, etniciteit, afkomst, migratieachtergrond, allochto*, racisme, racist*, discriminatie,
            huidskleur, vluchteling*, asielzoeker*, ongedocumenteerd*, statushouder*, @roots, @achtergrond, migrant, migranten, tweede generatie""",
        "de": """ethnisch*, ethnie, @herkunft, migrationshintergrund, rassismus, rassist*, hautfarbe, fluchtling*,
            gefluchtete*, asylbewerber*, asylsuchend*, aufenthaltsstatus, duldung, @wurzeln, migrant*, abstammung, zweiter generation""",
        "fr": """ethnique*, ethnie, @origine, @origines, racisme, raciste*, couleur de peau, refugie*, demandeur
            d asile, sans papiers, immigre*, titre de sejour, @racines, est d origine, suis d origine, sont d origine, deuxieme generation""",
        "es": """etnico, etnica, etnia, @origen, @raices, racismo, racista*, color de piel, refugiad*,
            solicitante de asilo, sin papeles, indocumentad*, inmigrante*, permiso de residencia, ascendencia, es de origen, soy de origen, son de origen, segunda generacion""",
    },
    "sexuality": {
        "en": """sexuality, sexual*, sex life, sex, gay, lesbian*, bisexual*, homosexual*, heterosexual*, asexual*,
            pansexual*, queer, lgbt*, transgender, trans woman, trans man, trans person, trans kid, nonbinary, non
            binary, genderqueer, gender identity, gender dysphoria, came out as, coming out as, coming out to,
            came out to, porn*, erotic*, fetish*, kink*, same sex, pride parade, drag queen, intimacy,
            libido, erectile,
            polyamor*, same sex relationship, questioning * gender, their gender, my gender, sexual orientation, kinky""",
        "nl": """seksualiteit, seksue*, seksleven, seks, homo, homoseksue*, lesbisch*, lesbienne, biseksue*,
            hetero, queer, lhbt*, lgbt*, transgender, transvrouw, transman, trans vrouw, trans man, non binair,
            uit de kast, porno*, erotisch*, fetisj*,
            polyamor*, hetzelfde geslacht, mijn geslacht, gender""",
        "de": """sexualitat, sexuell*, sexleben, sex, schwul*, lesbisch*, lesbe, bisexuell*, homosexuell*,
            heterosexuell*, queer, transgender, transfrau, transmann, trans frau, trans mann, nichtbinar, nicht
            binar, coming out, geoutet, outing, porno*, erotisch*, fetisch*,
            polyamor*, gleichgeschlechtlich*, mein geschlecht""",
        "fr": """sexualite, sexuel*, vie sexuelle, sexe, gay, gays, homosexuel*, lesbienne*, bisexuel*,
            heterosexuel*, queer, transgenre, femme trans, homme trans, non binaire, coming out, porno*, erotique*,
            fetichis*,
            polyamour*, meme sexe, mon genre""",
        "es": """sexualidad, sexual*, vida sexual, sexo, gay, gays, homosexual*, lesbiana*, bisexual*,
            heterosexual*, queer, transgenero, mujer trans, hombre trans, no binari*, salir del armario, sali del
            armario, porno*, erotic*, fetich*,
            poliamor*, mismo sexo, mi genero""",
    },
    "biometrics": {
        "en": """biometric*, @fingerprint, @fingerprints, fingerprint scanner, fingerprint reader, fingerprint
            unlock, fingerprint login, thumbprint scan, face id, faceid, touch id, facial recognition, face scan,
            face unlock, retina scan, iris scan, voiceprint, voice print, palm print, palm vein,
            enrolled * face, registered * face, face registered, facial data, voice id""",
        "nl": """biometrisch*, biometrie, vingerafdruk*, gezichtsherkenning, irisscan, iris scan, face id, touch
            id,
            gezicht geregistreerd, gezichtsscan""",
        "de": """biometrisch*, biometrie, fingerabdruck*, fingerabdrucke, gesichtserkennung, iris scan, irisscan,
            face id, touch id,
            gesicht * registriert, gesichtsscan, gesichtsdaten""",
        "fr": """biometri*, empreinte digitale, empreintes digitales, reconnaissance faciale, scan de l iris,
            face id, touch id,
            visage * enregistre, enregistre son visage, enregistre mon visage, donnees faciales""",
        "es": """biometric*, biometria, huella dactilar, huellas dactilares, reconocimiento facial, escaneo de iris, face
            id, touch id,
            registro su cara, registre mi cara, registro facial, datos faciales""",
    },
    "genetics": {
        "en": """=dna, genetic*, genome, genomic*, gene test, genetic test, 23andme, ancestrydna, =brca, =brca1,
            =brca2, hereditary, carrier status, huntington*, inherited condition, my genes, dna test,
            carries the * gene, gene for, cystic fibrosis gene, genetic condition, genetic disease""",
        "nl": """=dna, dna test, genetisch*, erfelijk*, =genoom, erfelijkheidsonderzoek, dragerschap,
            drager van het gen, gen voor""",
        "de": """=dna, =dns, dna test, genetisch*, erblich*, erbkrankheit, gentest, genom, erbgut,
            tragt das gen, gen fur""",
        "fr": """=adn, test adn, genetique*, hereditaire*, genome,
            porteur du gene, porteuse du gene, gene de la""",
        "es": """=adn, prueba de adn, test de adn, genetic*, hereditari*, genoma,
            portador del gen, portadora del gen, gen de la""",
    },
    "union": {
        "en": """trade union*, trades union*, labor union*, labour union*, union member*, union dues, union rep,
            union reps, union representative, unionis*, unioniz*, shop steward, collective bargaining, teamster*,
            joined the union, join the union, my union, the union meeting, on strike, went on strike, go on
            strike, going on strike, picket line,
            =unite, =rmt, union convenor, convenor, unison member, =gmb""",
        "nl": """vakbond*, vakbondslid, =fnv, =cnv, staking, staken, ondernemingsraad,
            kaderlid""",
        "de": """gewerkschaft*, ig metall, =verdi, betriebsrat, streik, streiken, streikt,
            vertrauensmann, vertrauensfrau, betriebsratsmitglied""",
        "fr": """syndicat*, syndique*, syndicaliste*, syndical*, =cgt, =cfdt, delegue syndical, en greve, faire
            greve, la greve, fais greve, fait greve,
            delegue =cgt, delegue du personnel""",
        "es": """sindicato*, sindical*, sindicalista*, =ccoo, =ugt, afiliado al sindicato, en huelga, de huelga,
            la huelga,
            delegado de, delegada de, comite de empresa""",
    },
    "crime": {
        "en": """crime, crimes, criminal*, criminal record, @arrest, arrested, convicted, criminal conviction,
            prison, jail, jailed, imprisoned, inmate*, on probation, parole, felon*, misdemeano*, =sentenced,
            =dui, =dwi, theft, fraud, murder*, assault*, robbery, robbed, burglary, burgled, burglarized, shoplift*,
            @steal, @stole, stolen, police record, criminal charges, charged with, pleaded guilty, plead guilty,
            community service, restraining order, drug dealer, smuggl*, trafficking, blackmail*, kidnap*, ransom,
            mugged, vandalism, get away with it, get away with this, get away with murder, without getting
            caught, leave fingerprints, leave any fingerprints, no fingerprints, make a run for it, residential
            address of, home address of, poison*, @kill, make * sick, run * over with, hurt someone, court date, police report, police station, lawyer for my, @lawyer,
            on bail, out on bail, cautioned by the police, for possession, has a conviction, conviction for, did time, drink driving, drunk driving, speeding fine, tagged, ankle tag, probation officer""",
        "nl": """misdaad, misdrijf, crimineel, criminaliteit, strafblad, gearresteerd, arrestatie, opgepakt,
            veroordeeld, gevangenis, celstraf, taakstraf, gedetineerd*, voorwaardelijk, reclassering, diefstal,
            gestolen, @stelen, fraude, moord, mishandeling, mishandeld, inbraak, ingebroken, winkeldiefstal,
            aangifte gedaan, aangifte bij de politie, aangifte doen, verdachte, beroofd, overval*, politiebureau,
            advocaat,
            borgtocht, veroordeling, rijden onder invloed, enkelband, proeftijd, boete voor""",
        "de": """verbrechen, kriminell*, kriminalitat, vorstrafe*, vorbestraft, verhaftet, festnahme,
            festgenommen, verurteilt, gefangnis, haft, haftstrafe, haftling, bewahrung, diebstahl, gestohlen,
            @stehlen, betrug, mord, korperverletzung, einbruch bei, ladendiebstahl, strafanzeige,
            anzeige erstattet, fuhrungszeugnis, sozialstunden, uberfallen, ausgeraubt, polizeiwache, anwalt,
            auf kaution, verurteilung, trunkenheit am steuer, fussfessel, bewahrungshelfer""",
        "fr": """crime, criminel*, casier judiciaire, arrete par la police, garde a vue, condamne*, prison,
            incarcere*, detenu*, avec sursis, en sursis, du sursis, @vole, volee, volé, cambriolage, cambriole*, fraude,
            meurtre, agression, agresse*, porte plainte, porter plainte, plainte contre, voleur, escroquerie, delit,
            travaux d interet general, commissariat, @avocat,
            sous caution, condamnation, conduite en etat d ivresse, bracelet electronique""",
        "es": """delito, delitos, crimen, criminal*, antecedentes penales, detenido por, arrestad*, condenad*,
            carcel, prision, =preso, =presa, libertad condicional, robo, robaron, robado, @robar, hurto, fraude,
            estafa, asesinato, agresion, agredid*, agredieron, denuncia, denuncie, ladron, comisaria, abogado,
            bajo fianza, condena por, conducir ebrio, conducir borracho, conduccion temeraria, pulsera telematica""",
    },
}

#: Whole domain vocabularies, class by class: the conditions, drugs, therapies, festivals,
#: denominations, parties, political acts, origins, money troubles and legal troubles people
#: name, and the medical word endings (``*itis``, ``*ectomy``, drug-name stems such as
#: ``*prazole``) that name the ones no list has.
DOMAINS: dict[str, dict[str, str]] = {
    "health": {
        "en": """*itis, *ectomy, *ectomies, colonoscopy, endoscopy, gastroscopy, laparoscopy, arthroscopy,
            bronchoscopy, cystoscopy, biopsies, crohn*, =ibs, irritable bowel, tinnitus, fibromyalgia, lupus,
            multiple sclerosis, parkinson*, lyme disease, long covid, chronic fatigue, endometriosis, =pcos,
            polycystic, thyroid, hypothyroid*, hyperthyroid*, hashimoto*, anaemi*, anemi*, leukaemi*, leukemi*,
            lymphoma, melanoma, carcinoma, myeloma, glaucoma, cataract*, macular degeneration, scoliosis,
            osteoporosis, sciatica, slipped disc, herniated disc, hernia, gallstone*, kidney stone*, gout,
            chickenpox, measles, tuberculosis, malaria, sepsis, =copd, emphysema, cirrhosis, angina, arrhythmia,
            atrial fibrillation, =afib, heart failure, heart murmur, high blood pressure, hypertension, blood
            clot, thrombosis, embolism, aneurysm, dyslexi*, dyspraxi*, dyscalculi*, tourette*, cerebral palsy,
            down syndrome, spina bifida, muscular dystrophy, motor neurone disease, motor neuron disease,
            narcolepsy, sleep apnoea, sleep apnea, vertigo, legally blind, going blind, going deaf, panic
            disorder, social anxiety, agoraphobi*, obsessive compulsive, traumatised, traumatized, =bpd,
            borderline personality, personality disorder, dissociat*, hallucinat*, hearing voices, intrusive
            thoughts, night terrors, mood swings, low mood, mood disorder, grief counselling, bereavement
            counselling, cutting myself, end my life, ending my life, mental hospital, inpatient, outpatient,
            antipsychotic*, mood stabiliser*, mood stabilizer*, =ssri, =ssris, =snri, benzodiazepine*, benzos,
            sleeping pills, sleeping tablets, anti anxiety, beta blocker*, blood thinner*, steroid*, hormone
            therapy, =hrt, radiation therapy, immunotherapy, physical therapy, occupational therapy, =cbt,
            =emdr, =dbt, @endo, @psych, @meds, on meds, my gp, been clean, years clean, months clean, weeks
            clean, days clean, stay clean, staying clean, aa meeting*, =na meeting*, alcoholics anonymous,
            narcotics anonymous, twelve step*, 12 step*, detox*, withdrawal symptoms, gambling problem, gambling
            addiction, quit drinking, stopped drinking, gave up drinking, gave up alcohol, touched a drink,
            drink problem, binge drinking, binge eating, cannabis, ketamine, =mdma, amphetamine*, fentanyl,
            oxycodone, oxycontin, codeine, tramadol, morphine, gastric bypass, heart bypass, bypass surgery,
            triple bypass, gastric sleeve, gastric band, bariatric*, chest pain*, shortness of breath, short of
            breath, dizzy spells, dizziness, fainted, fainting, nausea, nauseous, vomiting, throwing up,
            diarrhoea, diarrhea, constipat*, lump in my, found a lump, blood sugar, blood in my, tremor*,
            @cough, coughing, sore throat, earache, toothache, stomach ache, stomachache, headaches, period
            pain*, heavy periods, irregular periods, hot flushes, hot flashes, flare ups, flareup*, *prazole,
            *statin, *olol, *sartan, *oxetine, *azepam, *azolam, *triptan, *cillin, *mycin, *floxacin, *profen,
            *dronate, *gliptin, *gliflozin, *setron, *apine, *parin, *umab, *tinib, *thyroxine, levothyrox,
            euthyrox, eutirox, thyrax, lisinopril, ramipril, enalapril, perindopril, amlodipin*, citalopram,
            escitalopram, venlafaxine, mirtazapine, bupropion, wellbutrin, lexapro, cipralex, seroxat, efexor,
            effexor, trazodone, seroquel, abilify, risperdal, risperidone, lamotrigine, lamictal, valproate,
            depakote, gabapentin, pregabalin, lyrica, zolpidem, zopiclone, melatonin, concerta, vyvanse,
            elvanse, methylphenidate, dexamphetamine, strattera, naltrexone, buprenorphine, suboxone, antabuse,
            disulfiram, prednisone, prednisolone, hydrocortisone, cortisone, warfarin, apixaban, rivaroxaban,
            eliquis, xarelto, clopidogrel, naproxen, paracetamol, acetaminophen, tylenol, nurofen, co codamol,
            mounjaro, semaglutide, tirzepatide, saxenda, victoza, januvia, jardiance, nexium, salbutamol,
            ventolin, symbicort, seretide, montelukast, cetirizine, loratadine, epipen, estradiol, oestrogen,
            estrogen, progesterone, testosterone, on the pill, contracepti*, morning after pill,
            antiretroviral*, truvada, tamoxifen, herceptin, methotrexate, humira, enbrel, stelara, remicade,
            accutane, roaccutane, isotretinoin, finasteride, viagra, cialis, sildenafil, tadalafil, =ivf,
            stillbirth, stillborn, lost the baby, lost a baby, lost our baby, maternity leave, =deaf, @blind,
            wheelchair user, hearing aids, recovering from * surgery, recovery from * surgery, recovering from *
            operation, into recovery from, statins, my period, her period, on my period, clean for * years,
            clean for * months, clean for * weeks, clean for * days, got sectioned, was sectioned, =numbness,
            @injection, @injections, smear test, pap smear, mammogram, cervical screening, prostate exam, psa
            test, under treatment for, in treatment for, being treated for, treated for, my sugar levels, blood
            sugar levels, retinal, @liver, @kidneys, @lungs, @bowel, @bowels, @prostate, @ovaries, @ovary,
            @uterus, @womb, @cervix, @spine, @joints, @pancreas, @bladder, side effects of my, dark thoughts,
            can t stop crying, no will to live, morning sickness, ultrasound""",
        "nl": """*itis, *ectomie, coloscopie, endoscopie, gastroscopie, biopsie, +ontsteking, +pijn, +kanker,
            +syndroom, syndroom van, hartklachten, rugklachten, darmklachten, maagklachten, buikklachten,
            nekklachten, psychische klachten, slaappil*, pijnstiller*, bloedverdunner*, betablokker*,
            antibiotica, maagzuurremmer*, plaspillen, schildklier*, hartfalen, hernia, reuma*, jicht,
            gordelroos, waterpokken, mazelen, tuberculose, =copd, multiple sclerose, parkinson*, crohn*,
            colitis, prikkelbare darm, =pds, lyme, long covid, post covid, chronische vermoeidheid,
            vermoeidheidsklachten, tinnitus, oorsuizen, duizelig*, flauwgevallen, misselijk*, knobbel in mijn,
            bloedsuiker*, dyslexie, dyscalculie, tourette, narcolepsie, slaapapneu, @angsten, angstklachten,
            trauma, getraumatiseerd, rouwverwerking, psychiatrisch*, crisisdienst, gesloten afdeling, =emdr,
            jaar nuchter, jaren nuchter, maanden nuchter, weken nuchter, dagen nuchter, ben nuchter sinds, geen
            druppel, @psych, bekken+, bevalling, bevallen, keizersnede, zwangerschap*, anticonceptie, de pil,
            maagverkleining, maagbypass, gastric bypass, bariatrisch*, hoge bloeddruk, bloeddrukverlagers,
            cholesterolverlagers, statines, antipsychotica, slaapmiddel*, kalmeringsmiddel*, benzodiazepine*,
            oxazepam, temazepam, ritalin, concerta, methadon, cocaine, ketamine, cannabis, blowen, drank*
            probleem, alcoholprobleem, alcoholverslaving, gokprobleem, slechthorend, slechtziend, doof,
            gehoorapparaat, rollator, scootmobiel, wachtlijst bij, pijn op de borst, benauwd*, kortademig*,
            astma, chronisch ziek, chronische ziekte, voor mijn suiker, suikerspiegel, onder behandeling, in
            behandeling bij, behandeld voor, uitstrijkje, bevolkingsonderzoek, mammografie, @nieren, @longen,
            @darmen, @prostaat, @baarmoeder, @ruggengraat, bijwerkingen van mijn""",
        "de": """*itis, *ektomie, koloskopie, endoskopie, gastroskopie, darmspiegelung, magenspiegelung, biopsie,
            +entzundung, +schmerzen, +erkrankung, +syndrom, syndrom, +krebs, schilddrusen+, schlaftablette*,
            schmerzmittel, schmerztablette*, blutverdunner, betablocker, antibiotika, neuroleptika,
            beruhigungsmittel, morbus, crohn, colitis, reizdarm*, tinnitus, horsturz, bandscheibe*, hexenschuss,
            ischias, gicht, gurtelrose, windpocken, masern, tuberkulose, =copd, multiple sklerose, parkinson*,
            rheuma*, hashimoto, diabetiker*, blutzucker*, unterzucker*, jahren trocken, monaten trocken, wochen
            trocken, tagen trocken, bin trocken, trockener alkoholiker, anonyme alkoholiker, bin clean, bulimie,
            magersucht*, @zwange, angstzustande, @angste, trauma*, traumatisiert, suizidgedanken,
            klinikaufenthalt, psychosomatisch*, verhaltenstherapie, therapieplatz, therapiestunde*, magenbypass,
            magenverkleinerung, schlauchmagen, magenband, bariatrisch*, pflegegrad, schwerbehindert*,
            gehbehindert, gehorlos, horgerat*, erschopfungssyndrom, chronische erschopfung, chronisch krank,
            brustschmerzen, schmerzen in der brust, atemnot, kurzatmig*, schwindelanfall*, ohnmacht*, ubelkeit,
            erbrochen, durchfall, blut im, knoten in der brust, knoten in meiner, bluthochdruck, herzschwache,
            herzrhythmusstorung*, vorhofflimmern, thrombose, embolie, legasthenie, dyskalkulie, narkolepsie,
            schlafapnoe, pille danach, die pille, verhutung, kaiserschnitt, entbindung, schwangerschaft*,
            nieren+, antidepressivum, schlafmittel, methadon, kokain, cannabis, kiffen, kiffe, alkoholproblem*,
            spielsucht*, bin blind, schilddruse, psychiatrisch*, in behandlung, in arztlicher behandlung,
            behandelt wegen, zuckerkrank, abstrich, mammographie, vorsorgeuntersuchung, @leber, @niere, @nieren,
            @lunge, @darm, @prostata, @gebarmutter, @wirbelsaule, @gelenke, nebenwirkungen meiner""",
        "fr": """*ectomie, coloscopie, endoscopie, fibroscopie, gastroscopie, biopsie, levothyrox, hernie*,
            acouphene*, sclerose en plaques, crohn, rectocolite, colite, polyarthrite, spondylarthrite,
            endometriose, fibromyalgie, thyroide, hypothyroid*, hyperthyroid*, anemie, leucemie, lymphome,
            melanome, covid long, fatigue chronique, syndrome de fatigue, epuisement professionnel, vertiges,
            nausees, douleurs thoraciques, douleur * poitrine, mal a la poitrine, essoufflement, angine,
            bronchite, sinusite, tendinite, otite, cystite, appendicite, la gastro, varicelle, rougeole, zona,
            tuberculose, =bpco, insuffisance cardiaque, insuffisance renale, dyslexi*, dyspraxi*, boulimi*,
            phobie*, bipolaire, schizophren*, psychotique, hallucination*, idees noires, scarif*,
            automutilation, hopital psychiatrique, sobre depuis, pas touche * verre, pas bu une goutte, sans
            alcool depuis, arrete de boire, alcooliques anonymes, rechute, desintox*, subutex, cannabis,
            cocaine, anxiolytique*, somnifere*, antidouleur*, anticoagulant*, betabloquant*, antibiotique*,
            cortisone, pilule, sterilet, =pma, =fiv, accouchement, accoucher, cesarienne, sleeve, anneau
            gastrique, chirurgie bariatrique, operation de l estomac, glycemie, taux de sucre, cholesterol,
            malvoyant*, =sourd, sourde, appareil auditif, deambulateur, liste d attente pour, mal de dos,
            migraines, tension arterielle, hypertension, traitement hormonal, sous traitement, en traitement
            pour, traite pour, traitee pour, frottis, mammographie, me piquer, @foie, @poumons, @intestin,
            @prostate, @uterus, effets secondaires de mon, effets secondaires de mes""",
        "es": """*itis, *ectomia, colonoscopia, endoscopia, gastroscopia, biopsia, eutirox, levotiroxina, tiroides,
            hipotiroid*, hipertiroid*, hernia*, acufeno*, tinnitus, esclerosis multiple, crohn, colitis,
            fibromialgia, endometriosis, artrosis, escoliosis, osteoporosis, tuberculosis, trombosis, cirrosis,
            covid persistente, fatiga cronica, cansancio cronico, anemia, leucemia, linfoma, melanoma, mareos,
            vertigo*, nauseas, dolor * pecho, dolor en el pecho, dolores de, falta de aire, varicela, sarampion,
            herpes, insuficiencia cardiaca, insuficiencia renal, =epoc, dislexia, bulimia, fobia*,
            esquizofreni*, alucinacion*, autolesion*, anos sobrio, anos sobria, meses sobrio, meses sobria,
            sobrio desde, sobria desde, sin beber, sin probar * alcohol, deje de beber, deje la bebida,
            alcoholicos anonimos, recaida, desintox*, metadona, cocaina, porros, ansiolitico*, somnifero*,
            pastillas para dormir, orfidal, lexatin, trankimazin, analgesico*, nolotil, antibiotico*,
            anticoagulante*, sintrom, betabloqueante*, pildora, anticonceptiv*, =fiv, cesarea, bypass gastrico,
            reduccion de estomago, operacion de estomago, manga gastrica, balon gastrico, cirugia bariatrica,
            glucosa, azucar en sangre, colesterol, @tension, tension * alta, tension muy alta, minusvalia, grado
            de dependencia, sordo, sorda, audifono*, tratamiento hormonal, el parto, mi parto, tras el parto,
            analitica de sangre, en tratamiento, tratado de, tratada de, citologia, mamografia, me pincho,
            @higado, @rinones, @pulmones, @intestino, @prostata, @utero, efectos secundarios de mi, efectos
            secundarios de mis""",
    },
    "finance": {
        "en": """drowning in * bills, can t pay * bills, behind on * bills, unpaid bills, overdue bills, bills piling
            up, medical bills, filed for chapter, filing for chapter, chapter 7, chapter 11, chapter 13, an iva,
            my iva, remortgag*, second mortgage, owed, i make * a month, make * a year, earn * a year, get by
            on, live on * a month, a month after rent, take home pay, pay rise, pay cut, got a raise,
            jobseeker*, on the dole, laid off, lost my job, made redundant, redundancy pay, froze my account,
            council tax, overdue rent, rent is overdue, overdue payments, late payment*, homeless, sofa surfing,
            loan shark*, pension pot, skint, hard up, strapped for cash, short on money, short of money, money
            is tight, money s tight, tight on money, no money left, out of money, ran out of money, make ends
            meet, scraping by, hand to mouth, repay*, bad credit, =ccj, default notice, debt advice, stepchange,
            tax bill, owe the irs, owe hmrc, tax audit, benefit claim, housing benefit, child benefit,
            disability benefit, =pip payments, pay my rent, my account * frozen, our account * frozen, bank *
            froze my, bank * blocked my, bank * closed my, payments behind, turned down for * credit, refused
            credit, declined for * loan, declined for * credit, card * declined, can t pay the, couldn t pay
            the, cannot pay the""",
        "nl": """geen geld meer, geld is op, rondkomen, rond te komen, rond komen, huurachterstand, +schuld,
            blokkeerde mijn rekening, ontslagen, baan kwijt, baan verloren, netto per maand, bruto per maand,
            per maand netto, gemeentelijke belastingen, =ozb, onroerendezaakbelasting, naheffing, pensioenpot,
            wanbetaling, achter met de huur, betalingsachterstanden, afbetalen, afbetal*, aflossen, aflossing*,
            dakloos, daklozen, toeslagenaffaire, kinderbijslag, huursubsidie, ww uitkering, mijn rekening *
            geblokkeerd, onze rekening * geblokkeerd, mijn rekening * bevroren, niet * betalen, kan * niet
            betalen, kon * niet betalen, rekening niet betalen""",
        "de": """kein geld mehr, geld ist knapp, knapp bei kasse, im minus, sperrte mein konto, im ruckstand,
            +ruckstand, mit der miete, miete nicht, grundsteuer, arbeitslosengeld, =alg, jobcenter, job
            verloren, arbeit verloren, entlassen, zahlungsunfahig, uber die runden, abzahl*, abzuzahl*,
            abbezahl*, wohngeld, kindergeld, =bafog, privatkonkurs, obdachlos*, wohnungslos*, netto im monat,
            brutto im monat, schulden machen, mein konto * gesperrt, unser konto * gesperrt, meine konten *
            gesperrt, nicht * bezahlen, kann * nicht bezahlen, konnte * nicht bezahlen, rechnung nicht bezahlen""",
        "fr": """loyer en retard, loyers en retard, mois de loyer, retard de loyer, retard de paiement, taxe
            fonciere, taxe d habitation, plus un sou, plus d argent, fauche, fauchee, boucler les fins de mois,
            bloque mon compte, licencie*, licenciement, perdu mon emploi, perdu mon travail, pole emploi, france
            travail, =apl, net par mois, euros net, brut par mois, pris un credit, un credit pour, credit a la
            consommation, credit auto, banque de france, fiche a la banque, agios, sans abri, sans domicile,
            =sdf, allocations familiales, mon compte * bloque, notre compte * bloque, plus a payer, arrive plus
            a payer, arrive pas a payer, peux plus payer, peux pas payer, pas pu payer""",
        "es": """debo * alquiler, debo dinero, debo * euros, debo * meses, le debo, les debo, atrasado con, atrasada
            con, retraso en el pago, voy atrasado, voy atrasada, =ibi, sin un duro, sin blanca, despido, me
            despidieron, perdi mi trabajo, perdi el trabajo, cobro el paro, cobrar el paro, en el paro, ley de
            segunda oportunidad, en descubierto, netos, nomina, prestacion por desempleo, creditos rapidos,
            microcredito*, tarjetas de credito, sin hogar, desahucio*, desahuciad*, mi cuenta * bloqueada, me
            bloqueo la cuenta, me bloquearon la cuenta, bloquearon mi cuenta, no puedo pagar, ya no puedo pagar,
            no pude pagar, no podemos pagar""",
    },
    "family": {
        "en": """passed away, dad passed, mum passed, mom passed, mum, mom, dad, grandma, grandpa, granny, estranged,
            not on speaking terms, disowned, family court, parental leave, co parent*, coparent*, paternity
            leave, stepkid*, stepchild*, my twin, half brother, half sister, brother in law, sister in law,
            daughter in law, son in law, foster kids, foster son, foster daughter, foster parent*, foster
            carer*, fostering * kids, fostering * children, fostering * boys, fostering * girls, fostering a
            child, foster placement""",
        "nl": """tweeling+, pleeg+, schoonzus, schoonbroer, schoondochter, schoonzoon, schoonfamilie, kleinzoon,
            kleindochter, stief+, halfbroer, halfzus, co ouderschap, mantelzorg*, zorg voor mijn, weduw*,
            adoptie+, echtscheiding, vechtscheiding, @overleden""",
        "de": """zwillings+, pflegesohn, pflegetochter, pflegeeltern, pflegemutter, pflegevater, pflegekinder,
            adoptiv+, stief+, schwieger+, halbbruder, halbschwester, uns getrennt, leben getrennt, haben uns
            getrennt, patchwork*, sorgerechtsstreit, wechselmodell, @verstorben, @gestorben""",
        "fr": """fils adoptif, fille adoptive, enfant adoptif, adopti*, jumeau*, jumelle*, decede*, @separes, nous
            sommes separes, nous nous sommes separes, on s est separe*, famille recomposee, pacse*, fiancaille*,
            demi frere, demi soeur, orphelin*, ma belle fille, sa belle fille, mon beau fils, son beau fils""",
        "es": """adoptivo, adoptiva, adoptivos, mellizo*, gemela, gemelas, @separado, @separada, nos * separado, nos
            hemos separado, pareja de hecho, hijastr*, fallecio, murio mi, medio hermano, media hermana,
            huerfan*""",
    },
    "politics": {
        "en": """lib dem*, libdem*, =snp, plaid cymru, =ukip, reform uk, vote reform, =gop, democratic party, labour
            voter, vote labour, voted labour, voting labour, labour member, labour supporter, never vote, would
            never vote, always vote, voted leave, voted remain, voted conservative, voted tory, voted green,
            voted reform, marched against, march against, marching against, marched for, protest march, rally
            against, rally for, political rally, petition against, climate strike, extinction rebellion, black
            lives matter, =blm, antifa, card carrying, party card, constituency, my mp, councillor, ideolog*,
            @conservative, @liberal, left leaning, right leaning, centrist, centre left, center left, centre
            right, center right, leftie, lefty, populist*, monarchist*, separatist*, independence referendum,
            anti zionis*, pro palestin*, free palestine, pro israel, gun control, gun rights, second amendment,
            far left, far right, democratic socialist, member of the * party, yes campaign, no campaign, leave
            campaign, remain campaign, scottish national party""",
        "nl": """=sp, christenunie, ja21, =nsc, =pvdd, 50plus, bij1, op denk, klimaatmars, klimaatdemonstratie,
            demonstreerde, betoging, protestmars, mars tegen, erg links, heel links, ben links, links stemmen,
            stem links, stemde links, erg rechts, ben rechts, rechts stemmen, @conservatief, @progressief,
            ideologie, partijkaart, extinction rebellion, =xr, partijlid, linkse partij, rechtse partij, op
            volt, lid van volt, voor volt, stem volt, bij volt""",
        "de": """bei den linken, =bsw, junge union, jungen union, =jusos, piratenpartei, =npd, =ovp, =spo, =fpo,
            =svp, gegen rechts, kundgebung, mahnwache, politisch engagiert, engagiere mich politisch, bin links,
            eher links, ziemlich links, politisch links, bin rechts, eher rechts, politisch rechts,
            @konservativ, @liberal, grunen gewahlt, stimme gegeben, klimastreik, fridays for future, bei der
            linken, fur die linke, linke gewahlt""",
        "fr": """europe ecologie, =eelv, les ecologistes, ecologiste*, =lfi, insoumis*, =rn, =pcf, parti communiste,
            =lr, reconquete, zemmour, bardella, lutte ouvriere, militer, plutot a gauche, tres a gauche, plus a
            gauche, vote a gauche, plutot a droite, tres a droite, vote a droite, la gauche, la droite,
            gauchiste*, ai vote, j ai vote, voterai, manifestation contre, manif contre, les europeennes, aux
            europeennes, les legislatives, aux legislatives, les municipales, aux municipales, des municipales,
            les departementales, la presidentielle, les presidentielles""",
        "es": """de podemos, a podemos, en podemos, =pp, del pp, al pp, =erc, junts, =pnv, bildu, izquierda unida,
            mas pais, vote a, vote al, vote por, votare a, votar a, voto a, votado a, votaria a, militante de,
            milito en, manifestacion contra, manifestacion por, mani contra, la izquierda, la derecha, con la
            izquierda, con la derecha, izquierdista*, derechista*, =facha, =fachas, en las generales, en las
            municipales, en las autonomicas, en las europeas, elecciones generales, las municipales, de las
            municipales, las elecciones""",
    },
    "religion": {
        "en": """yom kippur, rosh hashanah, hanukkah, chanukah, hannukah, hanukah, passover, seder, purim, sukkot,
            shabbat, shabbos, eid al fitr, eid al adha, iftar, suhoor, sehri, umrah, hajj, navratri, =holi,
            vaisakhi, vesak, during lent, for lent, lent starts, ash wednesday, easter mass, easter service,
            midnight mass, christmas mass, rosary, hijab, niqab, burqa, headscarf, kippah, yarmulke, turban,
            tallit, tefillin, mezuzah, crucifix, prayer mat, prayer beads, quaker*, mennonite*, amish,
            adventist*, pentecostal*, presbyterian*, unitarian*, calvinis*, @orthodox, greek orthodox, russian
            orthodox, orthodox jew*, orthodox church, born again, sunni, =shia, shiite, sufi*, wicca*, pagan*,
            jain*, zoroastrian*, bahai, baha i, rastafari*, shinto*, taoist, parish*, diocese, vicar, convert*
            to islam, reverted to islam, gurdwara, mandir, chapel, kingdom hall, bible study, sunday school,
            tithe, tithing, holy spirit, scripture*, sermon*, convert* to juda*, convert* to christian*,
            convert* to catholic*, convert* to buddhism, went to confession, go to confession, observe lent,
            observing lent, observed lent, give up * for lent, gave up * for lent, giving up * for lent,
            =congregation""",
        "nl": """paasdienst, kerstnachtdienst, nachtmis, biecht, vormsel, belijdenis, hervormd*, gereformeerd*,
            vrijgemaakt*, doopsgezind*, evangelisch*, pinkstergemeente, quaker*, mennonie*, @orthodox*, keppel*,
            hoofddoek*, boerka, nikab, tulband, rozenkrans, bedevaart, hadj, umrah, iftar, offerfeest, jom
            kipoer, jom kippoer, yom kippur, chanoeka, pesach, poerim, loofhuttenfeest, sjabbat, sabbat, divali,
            vastenmaand, tempel, bekeerd, bekeerling, gelovige, kerkelijk*, gemeentelid, kerkgemeenschap, naar
            de mis, de heilige mis, zondagsmis""",
        "de": """chanukka, chanukah, jom kippur, yom kippur, pessach, purim, sabbat, schabbat, laubhuttenfest,
            zuckerfest, opferfest, fastenbrechen, iftar, fastenzeit, osternacht, christmette, kopftuch, kippa,
            turban, rosenkranz, +gebet, +gottesdienst, beichte, firmung, quaker, quaker*, mennonit*,
            freikirche*, baptist*, zeugen jehovas, @orthodox*, kirchenaustritt, aus der kirche, pilgerfahrt,
            hadsch, tempel, glaube an gott, fasten im ramadan, faste, in die messe, zur messe, heilige messe,
            sonntagsmesse""",
        "fr": """hanoucca, hanouka, kippour, yom kippour, pessah, paque juive, shabbat, sabbat, rupture du jeune, je
            jeune, jeuner, porte le voile, porter le voile, voilee, hijab, kippa, turban, chapelet, pelerinage,
            la mecque, pratiquant*, quaker*, evangeli*, @orthodoxe, temoin de jehovah, temoins de jehovah,
            converti a l islam, convertie a l islam, l =aid, =aid el kebir, =aid el fitr""",
        "es": """januca, janucah, janukah, yom kipur, pesaj, shabat, fiesta del cordero, ruptura del ayuno,
            procesion, el velo, llevar velo, llevo velo, hiyab, kipa, turbante, el rosario, peregrinacion, la
            meca, practicante, cuaquer*, evangelista*, testigo* de jehova, converti al islam, convertida al
            islam, convertido al islam, ayuno en, ayunamos, judio ortodoxo, iglesia ortodoxa, @ortodoxo,
            @ortodoxa""",
    },
    "ethnicity": {
        "en": """my parents came from, my family came from, grandparents came from, parents came from, parents fled,
            family fled, fled from, fled the war, emigrated from, immigrated from, immigrated to, asylum,
            british asian, british indian, british pakistani, british chinese, british african, african
            american, asian american, mexican american, @native american, @first nations, @inuit, @maori,
            @navajo, @cherokee""",
        "nl": """ouders komen uit, grootouders komen uit, familie komt uit, ouders kwamen uit, grootouders kwamen
            uit, gevlucht, molukker*, molukse, hindostan*, creool*, woonwagenbewoner*, woonwagenkamp, sinti,
            tweede generatie, derde generatie""",
        "de": """geflohen, eltern stammen aus, stamme aus, stammen aus, *stammig, deutsch turk*, deutschturk*,
            deutsch russ*, russlanddeutsch*, spataussiedler*, aussiedler*, kurde, kurdin, sinto, sinti, sintiza,
            turkin, araberin, afrodeutsch*, syrer*, afghanin, eritreer*, iraker*, iraner*, sinti*, sinteza,
            sintezza""",
        "fr": """franco algerien*, franco marocain*, franco tunisien*, franco senegalais*, franco malien*, franco
            ivoirien*, franco turc*, metis, metisse, beur, beurette, rebeu, renoi, roms, gitan*, manouche*, gens
            du voyage, issu de l immigration, issue de l immigration, fuir la guerre, suis rom, sont roms,
            famille rom, ont fui la, ont fui le""",
        "es": """mestiz*, mulat*, afrodescendiente*, huyeron de, huir de, hui de, hispano marroqui, senegales*,
            ecuatorian*, dominican*, rumano*, rumana*""",
    },
    "sexuality": {
        "en": """on hormones, hormone replacement, @transition*, deadname*, misgender*, top surgery, bottom surgery,
            gender affirming, gender clinic, =ftm, =mtf, i m trans, i am trans, is trans, being trans, i m bi, i
            am bi, demisexual*, aromantic, pansexual*, onlyfans, grindr, sleeping with men, sleeping with women,
            dated a woman, dated a man, dating a woman, dating women, dating men, same gender""",
        "nl": """aseksue*, ik ben trans, ben trans, in transitie, @transitie, aan de hormonen, hormoonbehandeling,
            slik hormonen, neem hormonen, genderkliniek, genderteam, genderidentiteit, ik ben bi, lesbo, bi
            vrouw, homostel, homohuwelijk""",
        "de": """asexuell*, aromantisch, pansexuell*, ich bin trans, bin trans, @transition, in der transition, nehme
            hormone, hormontherapie, transident*, transsexuell*, geschlechtsangleich*, ich bin bi, bin bi,
            homoehe, ehe fur alle""",
        "fr": """asexuel*, aromantique, pansexuel*, je suis trans, suis trans, @transition, prends des hormones,
            traitement hormonal, sous hormones, =iel, genre fluide, transidentit*, changement de sexe, je suis
            bi, suis bi, suis en transition""",
        "es": """asexual*, arromantic*, pansexual*, soy trans, @transicion, tomo hormonas, tratamiento hormonal,
            hormonacion, cambio de sexo, persona trans, soy bi, estoy en transicion""",
    },
    "biometrics": {
        "en": """fingerprints, fingerprinted, took my fingerprints, scanned my iris, @iris, iris recognition, iris
            scanner, scanned my face, scanned * face, scan * face, face recognition, voice recognition to, voice
            verification, voice biometrics, palm scan*, palm vein*, hand geometry, vein scanner*, facial scan*,
            gait recognition, selfie verification, liveness check, face to unlock, uses my face, unlock* with my
            face, with my face, retinal scan*""",
        "nl": """*irisscan*, *handpalm*, *palmscan*, aderpatroon, *aderscan*, stemherkenning, gezicht * gescand,
            gezicht gescand, gezichtsscan*, vingerscan*""",
        "de": """*gesichtsscan*, gesicht * gescannt, gesicht gescannt, *irisscan*, *venenscan*, handvenen*,
            stimmerkennung, gesichtserkennung, gesicht entsperr*, fingerabdrucksensor""",
        "fr": """scanne le visage, scanne mon visage, scanner * visage, visage scanne, reconnaissance de l iris, l
            iris, veines de la paume, veines * paume, @empreinte, empreinte vocale, lecteur d empreinte*,
            reconnaissance du visage""",
        "es": """escanearon la cara, escanear * cara, escaneo facial, me escanearon, reconocimiento de iris, del
            iris, el iris, venas de la palma, venas * palma, con la huella, mi huella, huella de voz, huella
            vocal, reconocimiento de la cara""",
    },
    "genetics": {
        "en": """gene mutation, genetic mutation, =brca gene, genetic counsell*, runs in my family, runs in the
            family, =23andme, ancestry test, dna results, a carrier of, carrier of the""",
        "nl": """erfelijk*, dna onderzoek, gentest, genmutatie, zit in de familie""",
        "de": """genmutation, liegt in der familie, ahnenforschung*, dna analyse, erbanlage*""",
        "fr": """mutation du gene, mutation genetique, test genetique, analyse adn""",
        "es": """mutacion en el gen, mutacion genetica, test genetico, analisis de adn""",
    },
    "union": {
        "en": """our union, union called, union voted, union strike, called * strike, strike action, strike ballot,
            balloting, ballot for * action, industrial action, walkout, picketing, picket*, collective
            agreement, union steward, steward in the, joined the * union, rep for * union, member of the *
            union, teachers union, nurses union, workers union, doctors union, miners union, dockers union,
            drivers union, journalists union, farmers union, writers union, actors union, musicians union,
            firefighters union, postal workers union, rail union, transport union, civil service union, public
            sector union, lecturers union, bakers union, vote to strike, voted to strike, voting to strike,
            strike over""",
        "nl": """*vakbond, =cao, actievoeren, actiedag, werkonderbreking, vakbondsactie""",
        "de": """ver di, =igm, =gew, =gdl, =evg, =dgb, +gewerkschaft, gewerkschaftlich*, +streik, tarifverhandlung*,
            tarifvertrag""",
        "fr": """force ouvriere, =unsa, =cse, greviste*, piquet de greve, preavis de greve, faisons greve, font
            greve, fera greve""",
        "es": """comisiones obreras, =cnt, =csif, hacer huelga, hacemos huelga, huelga general, huelguista*,
            piquete*, convenio colectivo""",
    },
    "crime": {
        "en": """served time, behind bars, locked up, dealing drugs, selling drugs, drug dealing, drug charges, drug
            possession, got done for, driving ban, banned from driving, lost my licence, lost my license,
            awaiting trial, stand trial, standing trial, stood trial, court case, got a caution, police caution,
            criminal offence, an offence, my offence, offender, ex con, ex convict, community order, suspended
            sentence, =fined for, speeding ticket, points on my licence, arson, stabbing, stabbed, domestic
            violence, domestic abuse, @abused, raped, rape, harass*, stalked, stalker, scammed, hit and run,
            called the police, arrest warrant, warrant for my arrest, pulled over by, for dealing, smoke weed,
            smoking weed, with weed, some weed, bag of weed, on remand, remanded""",
        "nl": """zit vast voor, zat vast voor, vastgezeten, in de bak, bajes, bekeurd, rijbewijs * ingevorderd,
            rijbewijs kwijt, zonder rijbewijs, drugshandel, dealen, vernieling*, vandalisme, heling, witwassen,
            oplichting, opgelicht, afpersing, huiselijk geweld, verkracht*, aanranding, stalking, bedreiging,
            bedreigd, werkstraf, vrijlating, vrijgelaten, rechtszaak, voor de rechter, rechtbank, strafzaak,
            officier van justitie, aangehouden voor, aangehouden door""",
        "de": """knast, eingesessen, anzeige wegen, anzeige bekommen, beim dealen, dealen, drogenhandel, geklaut,
            klauen, fuhrerschein * verloren, fuhrerschein weg, fuhrerschein abgeben, fahrverbot, alkohol am
            steuer, betrunken gefahren, unfallflucht, fahrerflucht, sachbeschadigung, hehlerei, geldwasche,
            erpressung, hausliche gewalt, vergewaltig*, sexuelle belastigung, stalking, vor gericht,
            gerichtsverhandlung, gerichtstermin, staatsanwalt*, ermittlungsverfahren, strafbefehl, bei *
            eingebrochen, wurde eingebrochen, eingebrochen worden, bewahrungs+, freiheitsstrafe, jugendstrafe,
            geldstrafe, jugendarrest""",
        "fr": """taule, en taule, mis en examen, mise en examen, coups et blessures, violences conjugales, =viol,
            harcelement, arnaque*, vol a l etalage, trafic de stupefiants, trafic de drogue, stupefiants, retire
            mon permis, retrait de permis, permis suspendu, suspension de permis, delit de fuite, au tribunal,
            passer au tribunal, comparution, proces, amende pour, menotte*, les flics""",
        "es": """trullo, talego, imputad*, imputaron, investigado por, lesiones, vendiendo droga, trafico de drogas,
            narcotrafic*, quitaron el carne, retirada del carne, borracho al volante, alcoholemia, juicio por,
            tengo un juicio, juzgado, orden de alejamiento, violencia de genero, violencia domestica, maltrato*,
            acoso, violacion, estafaron, timo, atraco, atracaron, conducir bebido, conduciendo bebido""",
    },
}

#: Kinds written to generalise rather than from sentences: the legal system acting on a
#: person (``~police``: police within three words of "me", "my", "mich"…), court, fines,
#: fraud and violence in everyday words; genetic tests, conditions and carriers; how people
#: say they are unwell without naming a condition. Complaints of a body part are written
#: once as templates (:data:`BODY_PARTS`, :data:`COMPLAINTS`).
KINDS: dict[str, dict[str, str]] = {
    "crime": {
        "en": """~police, ~cops, ~cop, on trial, my trial, trial date, ~=officers, ~=officer, ~=detectives, ~=detective,
            ~the judge, ~a judge, ~prosecutor*, in court, to court, magistrates court, county court, court hearing,
            court order, small claims, crown court, ~magistrate*, ~lawsuit, =sued, ~=suing, ~arrested, ~custody
            sergeant, by the police, by police, handcuff*, frisked, strip searched, defendant, accused of, juvenile
            record, youth offending, record expunged, record sealed, expunge*, tax evasion, evaded tax*, cheated on
            * taxes, cheat on * taxes, dodging tax*, fare dodging, fare evasion, broke into my, broke into our,
            broken into, beaten up, beat me up, got jumped, was attacked, got attacked, mugging, pickpocket*, sell
            pills, selling pills, sell weed, selling weed, sell coke, selling coke, deal weed, plea deal, plead not
            guilty, pleaded not guilty, guilty plea, sex offender, offenders register, criminal damage, shoplifting,
            =fined, parking fine, speeding fine, deported, deportation, detention centre, detention center,
            solicitor, public defender, =asbo, restraining, under investigation, investigated for, questioned by,
            interrogated, bail hearing, =sentencing, parole officer, my parole, on parole, stopped and searched,
            stop and search, in the cells, night in the cells, drunk and disorderly, public intoxication, disorderly
            conduct, ankle monitor, house arrest, victim of * fraud, victim of a scam, victim of =identity theft,
            =identity theft, stole my identity, got phished, sextortion, revenge porn, =owi, breathalysed,
            breathalyzed, breathalyser, breathalyzer, juvie, juvenile detention, registered sex offender,
            =protective order, no contact order, carjacked, home invasion, criminal history, fell for a phishing,
            busted for, rap sheet, court summons, bench warrant, was stalked, got stalked, outstanding warrant,
            warrant out for, =active warrant, warrant for my, got nicked for, got nicked by the, got pinched for""",
        "nl": """~politie, ~agenten, politierechter, kantonrechter, ~officier, ~rechtbank, ~rechtszaak, door de politie,
            door agenten, aangeklaagd, aanklacht, beschuldigd van, gefouilleerd, handboeien, geboeid, betrapt,
            jeugdstraf, jeugdgevangenis, belastingfraude, zwartrijden, zwartgereden, gejat, jatten, gepikt, in
            elkaar geslagen, in elkaar getrapt, aangevallen, zakkenroller*, berooft, gedeald, voorwaardelijke, boete
            gekregen, bekeuring, uitzetting, vreemdelingendetentie, advocaat, celstraf, verhoor, verhoord,
            dagvaarding, gedagvaard, reclassering*, slachtoffer van oplichting, slachtoffer van phishing,
            slachtoffer van inbraak, slachtoffer van diefstal, slachtoffer van fraude, justitiele documentatie,
            nacht in de cel, drank op achter het stuur, onder invloed gereden, blaastest, ademanalyse,
            rijontzegging, identiteitsfraude, identiteit gestolen, ben bestolen, werd bestolen, bestolen van mijn,
            gestalkt, aangerand, verkeersboete, boete voor door rood, door rood gereden, snelheidsboete, flitsboete,
            geflitst, geen =vog, =vog geweigerd, zat in de cel, seksueel lastiggevallen, lastiggevallen op straat,
            =ben op straat bestolen, =ben gisteren bestolen""",
        "de": """~polizei, ~polizisten, ~polizist, ~bullen, ~=richter, ~=richterin, ~staatsanwalt*, ~anwalt, von der
            polizei, angeklagt*, anklage, beschuldigt, handschellen, erwischt beim, beim * erwischt, schwarzfahren,
            schwarzgefahren, steuerhinterziehung, steuern hinterzogen, zusammengeschlagen, verprugelt, ~angegriffen,
            uberfall*, taschendieb*, geklaut, bussgeld, strafzettel, strafe zahlen, abgeschoben, abschiebung,
            abschiebehaft, verhor, verhort, vorladung, vorgeladen, vorbestraft, jugendknast, bewahrungsstrafe,
            anzeige gegen mich, verklagt, =jva, justizvollzug*, in haft, in untersuchungshaft, eintrag im
            fuhrungszeugnis, wegen trunkenheit, trunkenheitsfahrt, fuhrerschein * entzogen, fuhrerschein entzogen,
            lappen weg, verfahren gegen mich, identitatsdiebstahl, opfer eines betrugs, opfer eines uberfalls, opfer
            einer straftat, u haft, bestohlen, beklaut, gestalkt, ~polizeikontrolle, mich angezeigt, uns angezeigt,
            angezeigt wegen, um mein geld betrogen, um * geld betrogen, =nacht eingebrochen, =wochenende
            eingebrochen, =urlaub eingebrochen, =gestern eingebrochen""",
        "fr": """~police, ~policiers, ~flics, ~gendarmes, ~gendarmerie, devant le juge, le juge, la juge, ~tribunal,
            ~procureur, ~=proces, par la police, par les flics, accuse de, inculpe*, ~fouille*, menott*, fait
            choper, fraude fiscale, fraude le fisc, fraude aux impots, fraude dans le, resquille, tabasse*,
            agresse*, pickpocket*, deale, dealait, amende, amendes, contravention, expulse*, expulsion, centre de
            retention, interroge par, audition libre, convocation au commissariat, poursuites judiciaires, poursuivi
            en justice, prud hommes, mois ferme, ans ferme, prison ferme, sursis probatoire, m a retire le permis,
            alcool au volant, alcoolemie, ivresse publique, ivresse sur la voie publique, pour ivresse, usurpation d
            identite, vol d identite, =controle judiciaire, sous =controle judiciaire, =tig, victime d une arnaque,
            victime d un vol, interpelle par, interpellee par, fait interpeller, escroque, escroquee, harcelee, me
            suis fait braquer, braquage, racket, rackette, retire le permis de conduire, harcele au travail, harcele
            par mon, harcelee au travail, harcelee par mon, poursuit en justice, poursuivie en justice, me poursuit
            en justice""",
        "es": """~policia, ~policias, ~guardia civil, ~mossos, ~agentes, ~juez, ~jueza, el fiscal, la fiscal, ~tribunal,
            ir a juicio, al juicio, el juicio, juicio rapido, por la policia, acusad*, =cacheado, =cachearon,
            esposado, esposaron, me pillaron, pillado robando, fraude fiscal, defraude, defraudar, colarse en el
            metro, me cole, me pegaron, apalizaron, me atracaron, carterista*, trapichear, trapicheo, multa, multas,
            multado, multada, deportad*, deportacion, expulsad*, centro de internamiento, abogado de oficio,
            interrogad*, declarar ante, citado a declarar, me demando, me demandaron, siendo demandad*, demandada
            por, demandado por, me han demandado, me detuvieron, lo detuvieron, la detuvieron, nos detuvieron, fui
            detenid*, fue detenid*, =alteracion del orden, quitaron el carnet, retirada del carnet, puntos del
            carnet, usurpacion de identidad, suplantacion de identidad, noche en el calabozo, fichado por la
            policia, trabajos en beneficio de la comunidad, victima de una estafa, victima de un robo, me timaron,
            acosad*, me acosa, me acosaba, por escandalo publico, me metieron en el calabozo""",
    },
    "genetics": {
        "en": """chromosom*, trisom*, paternity test*, paternity, maternity test, factor v leiden, =nipt,
            prenatal screening, prenatal test*, amniocentesis, karyotyp*, sickle cell*, thalass*,
            haemochromatosis, hemochromatosis, fragile x, marfan*, ehlers danlos, lynch syndrome, =mthfr,
            =apoe4, =apoe, apoe4 carrier, gene variant*, genetic variant*, variant of unknown, heterozygo*,
            homozygo*, exome*, genome sequencing, whole genome, sequenced my, polygenic, ancestry kit,
            myheritage, ancestry com, dna kit, genetic testing, gene panel, genetic screening,
            carrier screening, hereditary condition, in my genes,
            in our genes, de novo mutation, mutation carrier,
            uncertain significance, =vus, invitae, gene panel, genetic panel, genetic counselor, genetic
            counsellor,
            tay sachs, gene testing, genetic predisposition, gene positive, positive for the * gene""",
        "nl": """chromosom*, chromosoom*, trisomie*, vaderschapstest*, vaderschap, =nipt, prenatale screening,
            vruchtwaterpunctie, karyotyp*, sikkelcel*, thalassemie, hemochromatose, fragiele x, marfan*,
            lynch syndroom, syndroom van lynch, genvariant*, heterozygo*, homozygo*, exoom*, genoomonderzoek,
            dna kit, dna pakket, genetisch onderzoek, erfelijkheidsadvies, klinisch geneticus, geneticus,
            in de genen, draagster,
            dragerschap*, drager ben van, draagster van, genpanel, erfelijkheidspoli,
            genetische aanleg, genetisch onderzoek, ziekte van huntington, ben drager, bent drager, is drager""",
        "de": """chromosom*, trisomie*, vaterschaftstest*, vaterschaft, =nipt, prenataldiagnostik, pranatal*,
            fruchtwasseruntersuchung, karyotyp*, sichelzell*, thalassamie, hamochromatose, fragiles x,
            marfan*, lynch syndrom, genvariante*, heterozygo*, homozygo*, exom*, genomsequenzierung,
            humangenetik*, genetische beratung, genetisch bedingt, in den genen, anlagetrager*, erbkrank*,
            genpanel, anlagetragerin, genetisch getestet,
            genetische veranlagung, genetisch vorbelastet, chorea huntington, trager des gens""",
        "fr": """chromosom*, trisomi*, test de paternite, paternite, =dpni, depistage prenatal, diagnostic
            prenatal, amniocentese, caryotyp*, drepanocyto*, thalassemi*, hemochromatose, x fragile, marfan*,
            syndrome de lynch, variant genetique, variante genetique, heterozygo*, homozygo*, exome*,
            conseil genetique, geneticien*, dans les genes, mes genes, porteur sain, porteuse
            saine, maladie hereditaire, kit adn,
            panel de genes,
            predisposition genetique, maladie de huntington, porteur d une mutation, porteuse d une mutation""",
        "es": """cromosom*, trisomi*, prueba de paternidad, test de paternidad, paternidad, prueba prenatal,
            cribado prenatal, amniocentesis, cariotip*, drepanocit*, falciform*, talasemi*, hemocromatosis,
            x fragil, marfan*, sindrome de lynch, variante genetica, heterocigo*, homocigo*, exoma*,
            consejo genetico, genetista*, en los genes, mis genes, portador sano, portadora
            sana, enfermedad hereditaria, kit de adn,
            panel genetico,
            predisposicion genetica, enfermedad de huntington, soy portador, soy portadora""",
    },
    "health": {
        "en": """guide dog, hearing dog, assistance dog, service dog, seeing eye dog, since losing my sight, since losing her sight, since losing his sight, since losing sight, since losing my hearing, since losing her hearing, since losing his hearing, since losing hearing, after losing her sight, after losing his sight, lost her sight, lost his sight, lost my sight, lost her hearing, lost his hearing, lost my hearing, manage my =ms, manage her =ms, manage his =ms, nephrolog*, pulmonolog*, hepatolog*, gastroenterolog*, haematolog*, hematolog*, weed for the pain, weed for my pain, weed for her pain, weed for his pain, cannabis for the pain, cannabis for my pain, cannabis for pain, medical cannabis, medical marijuana, fertility treatment*, fertility clinic, =ivf treatment, since my bypass, since her bypass, since his bypass, after my bypass, after her bypass, after his bypass,
            feeling low, feel low, feeling down, feel down, can t get out of bed, couldn t get out of bed, cut
            myself, cutting again, my nerves, for my nerves, bad nerves, lost * kilos without, lost * pounds
            without, losing weight without, =uti, =utis, bladder infection, yeast infection, cramps, menstrual,
            period cramps, blood work, bloodwork, blood results, my results came back, biopsy results, scan results,
            test results came back, iron is low, low iron, iron deficien*, vitamin d deficien*, deficiency, needed
            stitches, got stitches, had stitches, stitches in my, fell and broke, had a fall, specialist
            appointment, referred me to a, waiting for * results, sick days, off sick, called in sick, throwing up,
            threw up, feverish, limping, sprain*, pulled a muscle, torn ligament, torn * ligament, ligament*,
            tendon*, physical therapist, chiropract*, osteopath*, acupunctur*, prescription refill, pharmacy for my,
            my pills, pills for, on pills, blood sugar, glucose, cant sleep, can t sleep, sleepless, having
            nightmares, have nightmares, flashbacks, exhausted all the time, always exhausted, weeks along, months
            along, in the er, to the er, out of the er, emergency room, urgent care, =acl, =mcl, meniscus, rotator
            cuff, achilles, whiplash, shin splints, migrane*, kidney stones, early onset, peeing blood, pee blood,
            blood in my urine, blood in my pee, cough up blood, a rash on, rash on my, skin rash, itchy rash, heat
            rash, nappy rash, diaper rash, ~drink too much, ~drinking too much, ~drank too much, not doing great
            upstairs, not great upstairs, not right upstairs, struggling mentally, mentally struggling, mentally
            exhausted, mentally drained, not ok mentally, not okay mentally, not well mentally, bad place mentally,
            in a dark place, bad headspace, rough patch mentally, =signed off with stress, =signed off work, off
            work with stress, stress leave, fit note, going through the change, baby is due, baby s due, due with
            my, due with our, postpartum, post partum, postnatal, post natal, gave birth, giving birth, just had a
            baby, c section, breastfeeding, breast feeding, partially sighted, visually impaired, sight impaired,
            low vision, hard of hearing, hearing impaired, cochlear implant, white cane, =uses a walking stick, =use
            a walking stick, =with a walking stick, uses a cane, use a cane, with a cane, mobility aid*, mobility
            scooter, spinal cord injury, spinal injury, paraplegic, quadriplegic, tetraplegic, amputee, amputated,
            prosthetic leg, prosthetic arm, prosthetic limb, =learning disabilit*, intellectual disabilit*,
            neurodivergent, blue badge, registered blind, recovering gambler, compulsive gambl*, problem gambl*,
            gambling habit, gamblers anonymous, gamstop, self excluded from, off the booze, off the drink, off
            alcohol, haven t had a drink, not had a drink, havent had a drink, quit the booze, quit booze, alcohol
            free for, sober since, =take lithium, =taking lithium, =takes lithium, descovy, duloxetine, propranolol,
            lorazepam, clonazepam, diazepam, alprazolam, hydroxychloroquine, metoprolol, atorvastatin,
            levothyroxine, omeprazole, lansoprazole, buspirone, hydroxyzine, topiramate, sumatriptan, acamprosate,
            modafinil, atomoxetine, lisdexamfetamine, guanfacine, clonidine, spironolactone, doxycycline,
            amoxicillin, gliclazide, lantus, novorapid, humalog, albuterol, fluticasone, budesonide, nitroglycerin,
            digoxin, amiodarone, furosemide, bisoprolol, losartan, allopurinol, colchicine, tamsulosin, mirena,
            nexplanon, depo provera, quetiapine, aripiprazole, olanzapine, clozapine, haloperidol, paroxetine,
            insulin pump, glucose monitor, cgm sensor, dexcom, freestyle libre, concussion, head injury, brain
            injury, traumatic brain injury, found out * expecting, expecting twins, hiv prep, prep for hiv, under
            the weather, not feeling well, not feeling great, feeling unwell, feeling poorly, feeling sick, feel
            sick, came down with, come down with, caught a cold, caught the flu, head cold, =runny nose, stuffy
            nose, not coping, can t cope, cant cope, not in a good place, hooked on pills, hooked on opioids, hooked
            on painkillers, hooked on coke, hooked on heroin, hooked on meth, drug habit, coke habit, quit smoking,
            stopped smoking, nicotine patch*, nicotine gum, nicotine replacement, sexual health clinic, sti test,
            std test, chlamydia, gonorrh*, syphilis, herpes, hpv, condom*, premature ejaculation, sex drive,
            epidural, lumbar puncture, feeling * low, feel * low, feeling * down, feel * down, feeling so low,
            diagnosed with =ms, =ms diagnosis, =ms relapse, =ms flare, i have =ms and, i have =ms so, i have =ms
            but, diagnosed with =als, =als diagnosis, =ibd, =t1d, =t2d, =gerd, =ckd, =cfs, =me =cfs, diagnosed with
            =pots, =pots syndrome, expecting our first baby, expecting our first child, =paralysed from the, i m
            =paralysed, i am =paralysed, =paralyzed from the, i m on the spectrum, i am on the spectrum, he s on the
            spectrum, she s on the spectrum, they re on the spectrum, is on the spectrum""",
        "nl": """hulphond, signaalhond, assistentiehond, zicht verloor, zicht verloren, gehoor verloor, gehoor verloren, blind werd, doof werd, nefroloog, longarts, maag darm leverarts, hematoloog, wiet tegen de pijn, cannabis tegen de pijn, medicinale cannabis, medicinale wiet, vruchtbaarheidsbehandeling*, vruchtbaarheidskliniek, ivf traject, ivf behandeling,
            niet lekker in mijn vel, niet lekker in m n vel, zit niet lekker, voel me down, voel me rot, voel me
            slecht, voel me somber, ben somber, neerslachtig*, lusteloos, kan niet slapen, slaap slecht, slecht
            geslapen, nachtmerries, herbelevingen, hechtingen, doorverwezen, bloeduitslagen, bloedwaarden,
            ijzertekort, vitaminetekort, tekort aan vitamine, blaasontsteking, schimmelinfectie, menstruatie*,
            krampen, overgeven, overgegeven, koortsig, gezwollen, opgezwollen, gekneusd, kneuzing, pees, pezen,
            chiropractor, osteopaat, acupunctuur, mijn pillen, pillen voor, tabletten voor, suikerwaarden, bij de
            aa, naar de aa, dagen droog, weken droog, maanden droog, jaar droog, jaren droog, droog sinds, droog
            gebleven, eerste hulp, spoedeisende hulp, =seh, nierste*, kruisband*, meniscus, whiplash, *prazol,
            *statine, *olol, *sartan, *oxetine, *azepam, *azolam, *triptan, *cilline, *mycine, *floxacine, *profen,
            *gliptine, *setron, *apine, *parine, *umab, *tinib, insuline+, diabetes+, migraine+, therapie+,
            psychiater+, bloed ophoesten, hoest bloed, bloed in mijn urine, huiduitslag, uitslag op mijn, drink te
            veel, dronk te veel, drinkt te veel, terugval, niet lekker in * hoofd, mentaal zwaar, mentaal slecht,
            mentaal niet, psychisch zwaar, psychisch niet, psychisch slecht, in een diep dal, ziektewet, in de
            ziektewet, bedrijfsarts, arboarts, arbo arts, reintegratie, re integratie, arbeidsongeschikt*, in
            verwachting, zwangerschapsverlof, bevallingsverlof, verlof na de bevalling, net bevallen, kraamtijd,
            kraamzorg, borstvoeding, uitgerekende datum, taststok, blindenstok, geleidehond, blindengeleidehond,
            loopt met een stok, wandelstok, dwarslaesie, =invalide, geamputeerd, prothese, beenprothese,
            armprothese, doofheid, cochleair implantaat, verstandelijke beperking, lichamelijke beperking, met een
            beperking, functiebeperking, =wajong, =wia, =wao, invaliditeit, afgekickt, afkicken, kick af, clean
            sinds, clean van, ben clean, drink * niks meer, drink al * niks meer, drink al * niet meer, drink al *
            geen alcohol, drink geen alcohol meer, drink geen druppel, gestopt met drinken, gestopt met gokken,
            gokverslaafd, gokverslaving, cokeverslaving, cocaineverslaving, verslaafd aan, van de coke af, aan de
            coke, snuif coke, neem* lithium, slik* lithium, aan de lithium, slik* antidepressiva,
            stemmingsstabilisator*, sertraline, quetiapine, paroxetine, lorazepam, diazepam, citalopram,
            escitalopram, venlafaxine, methylfenidaat, dexamfetamine, lisdexamfetamine, metformine, levothyroxine,
            omeprazol, pantoprazol, hersenschudding, hersenletsel, =nah, niet aangeboren hersenletsel, insulinepomp,
            sensor voor mijn suiker, suiker is * ontregeld, diabetes type, ik zit in een dip, ik zit * in een dip,
            =loop met een stok, diabetes slecht ingesteld, suiker slecht ingesteld, ben nuchter, alcoholvrij leven,
            verkouden, verkoudheid, grieperig, voel me niet lekker, voel me niet goed, voelt zich niet lekker,
            diclofenac, simvastatine, gestopt met roken, stoppen met roken, nicotinepleister*, soa test, =soa,
            condoom*, ruggenprik, lumbaalpunctie, epiduraal, ongesteld, ben ongesteld, mijn menstruatie, ben
            verlamd, is verlamd sinds, gedeeltelijk verlamd, gebruik* lithium""",
        "de": """blindenhund, blindenfuhrhund, assistenzhund, signalhund, erblindet, ertaubt, gehor verloren, nephrolog*, pneumolog*, hamatolog*, gastroenterolog*, kinderwunschbehandlung*, kinderwunschklinik*, kunstliche befruchtung, cannabis gegen die schmerzen, gras gegen die schmerzen, medizinisches cannabis, cannabis auf rezept,
            habe rucken, hab rucken, hab s im rucken, hab es im rucken, mir geht es nicht gut, mir geht s nicht gut,
            geht mir nicht gut, fuhle mich schlecht, antriebslos*, niedergeschlagen*, kann nicht schlafen, schlafe
            schlecht, albtraume, alptraume, flashbacks, genaht, genaht werden, bin gesturzt, facharzt, facharztin,
            uberweisung zum, befund*, blutwerte, blutbild, eisenmangel, vitaminmangel, blasenentzundung,
            pilzinfektion, regelschmerzen, krampfe, erbrochen, fiebrig, geschwollen, geprellt, prellung, zerrung,
            gezerrt, sehnenriss, band gerissen, chiropraktiker, osteopath*, akupunktur, meine tabletten, tabletten
            gegen, pillen gegen, zuckerwerte, entgiftung, monate clean, jahre clean, wochen clean, tage clean,
            notaufnahme, nierenstein*, kreuzband*, meniskus, schleudertrauma, *prazol, *statin, *olol, *sartan,
            *oxetin, *azepam, *azolam, *triptan, *cillin, *mycin, *floxacin, *profen, *gliptin, *setron, *apin,
            *parin, *umab, *tinib, insulin+, diabetes+, migrane+, therapie+, psychiater+, depressions+, dialyse+,
            chemo+, ausschlag, blut husten, huste blut, blut im urin, trinke zu viel, trinkt zu viel, getrunken zu
            viel, zu viel getrunken, ruckfall, seelisch*, mental * nicht gut, mental am ende, psychisch am ende,
            nervlich am ende, nervenzusammenbruch, tief im loch, wochenbett, nach der entbindung, mutterschutz,
            schwangerschaftswoche, =ssw, in anderen umstanden, geburtstermin, errechneter termin, sehbehindert*,
            schwerhorig*, ertaubt, blindenhund, blindenstock, gehstock, rollator, amputiert*, prothese,
            beinprothese, cochlea implantat, cochleaimplantat, =gdb, grad der behinderung, lernbehinderung, geistige
            behinderung, erwerbsminderung*, erwerbsunfahig*, aufgehort zu trinken, hore auf zu trinken, alkoholfrei
            seit, nuchtern seit, clean seit, bin clean, spielsuchtig, gluckspiel * sucht, kokainsucht*, nimmt
            lithium, nehme lithium, lithium nehmen, unter lithium, sertralin, citalopram, escitalopram, venlafaxin,
            quetiapin, bupropion, lamotrigin, valproat, metformin, levothyroxin, l thyroxin, novaminsulfon,
            metamizol, tilidin, tramadol, diazepam, tavor, lorazepam, medikinet, elvanse, lisdexamfetamin,
            methylphenidat, gehirnerschutterung, schadelhirntrauma, schadel hirn trauma, insulinpumpe, zuckerwerte,
            zucker * entgleist, diabetes typ, typ 1 diabetes, typ 2 diabetes, tief im loch, seelisches loch, gehe am
            stock, geht am stock, laufe mit stock, keinen tropfen alkohol, keinen tropfen getrunken, erkaltung,
            grippal*, fuhle mich nicht gut, fuhle mich krank, bin angeschlagen, gesundheitlich angeschlagen, l
            thyroxin, rauchfrei seit, mit dem rauchen aufgehort, hore auf zu rauchen, nikotinpflaster,
            geschlechtskrankheit*, kondom*, lumbalpunktion, ruckenmarkspunktion, habe meine tage, hab meine tage,
            periode * schmerzen, habe entbunden, hab entbunden, habe * entbunden, hab * entbunden, hat entbunden,
            nach der geburt meines, nach der geburt meiner, nach der geburt unseres, nach der geburt unserer, ich
            stille noch, querschnittslahmung, querschnittsgelahmt*, keinen schluck alkohol, bin trocken seit, bin
            seit * trocken, bin erkaltet, stark erkaltet, ziemlich erkaltet, bin * erkaltet, wochen entbunden,
            monaten entbunden, tagen entbunden, gerade entbunden, frisch entbunden""",
        "fr": """chien guide, chien d aveugle, chien d assistance, perdu la vue, perdu l audition, perdu l ouie, nephrolog*, pneumolog*, hepatolog*, gastro enterolog*, hematolog*, pontage*, cannabis contre la douleur, cannabis therapeutique, traitement de fertilite, traitement de fecondite, parcours de =pma, fecondation in vitro,
            pas le moral, plus le moral, moral a zero, je me sens mal, me sens mal, deprime, le cafard, coup de
            blues, n arrive pas a dormir, dors mal, fais des cauchemars, flashbacks, points de suture, suture*,
            prise de sang, bilan sanguin, carence*, anemie, infection urinaire, mycose, regles douloureuses, mes
            regles, crampes, vomi, vomir, vomissements, fievreu*, enfle*, hematome*, claquage, dechirure, tendon*,
            ligament*, osteopathe, chiropracteur, acupuncture, pharmacie, mes cachets, mes medocs, medocs, cachets,
            comprimes pour, glycemie, crise de panique, urgences, calcul renal, calculs renaux, calcul biliaire,
            calculs biliaires, troubles du sommeil, ligament croise, menisque, coup du lapin, deroxat, seroplex,
            lexomil, stilnox, imovane, doliprane, dafalgan, efferalgan, kardegic, spasfon, tercian, *prazole,
            *statine, *olol, *sartan, *oxetine, *azepam, *azolam, *triptan, *cilline, *mycine, *floxacine, *profene,
            *gliptine, *setron, *apine, *parine, *umab, *tinib, tousse du sang, sang dans les urines, eruption
            cutanee, plaques rouges, coeliaqu*, bois trop, boit trop, bu trop, va pas * dans ma tete, va pas * dans
            sa tete, pas bien dans ma tete, pas bien dans sa tete, mal dans ma tete, mal dans sa tete, mal dans ma
            peau, mal dans sa peau, au bout du rouleau, craque nerveusement, depression nerveuse, arret de travail,
            en arret de travail, post partum, baby blues, conge maternite, conge mat, allaite, allaitement, attend
            un bebe, attends un bebe, attendons un bebe, semaines d amenorrhee, en fauteuil, malentendant*, =canne
            blanche, chien guide, chien d aveugle, paraplegi*, tetraplegi*, prothese, =mdph, travailleur handicape,
            =rqth, implant cochleaire, invalidite, clean depuis, je suis clean, suis clean, arrete l alcool, arrete
            la coke, toxicomane*, toxico, joueur compulsif, addiction aux jeux, interdit de casino, prend du
            lithium, prends du lithium, sous lithium, sous antidepresseurs, sertraline, quetiapine, paroxetine,
            venlafaxine, escitalopram, lamotrigine, depakine, temesta, atarax, ritaline, =concerta, metformine,
            tramadol, ibuprofene, paracetamol, xanax, commotion cerebrale, traumatisme cranien, pompe a insuline,
            diabete * deregle, diabete de type, accro a la coke, accro a l alcool, accro aux jeux, accro a la
            drogue, accro a l heroine, allocation adulte handicape, me sens pas bien, ne me sens pas bien, enrhume,
            enrhumee, =rhume, la creve, patraque, lysanxia, seresta, arrete de fumer, arreter de fumer, patch* de
            nicotine, patchs nicotine, preservatif*, test de depistage, depistage du =vih, =vih, peridurale,
            ponction lombaire, j ai mes regles, avoir mes regles, psychologiquement epuise*, psychologiquement a
            bout, mal psychologiquement, suis ampute*, amputee de la jambe, ampute de la jambe, amputation, plus une
            goutte d alcool, ne bois plus d alcool, ne bois plus une goutte, suis mal en point, depistage des =ist,
            une =ist""",
        "es": """perro guia, perro de asistencia, perdio la vista, perdio el oido, perdido la vista, nefrolog*, neumolog*, hepatolog*, gastroenterolog*, hematolog*, tratamiento de fertilidad, tratamientos de fertilidad, clinica de fertilidad, reproduccion asistida, marihuana para el dolor, cannabis para el dolor, maria para el dolor, bypass coronario, baipas,
            de bajon, estoy con la depre, depre, me siento mal, me encuentro mal, no puedo dormir, duermo mal,
            pesadillas, flashbacks, puntos de sutura, me cai y, me caí, me derivaron, analisis de sangre, falta de
            hierro, anemia, infeccion de orina, cistitis, candidiasis, dolores menstruales, colicos, calambres,
            vomitar, vomite, vomitando, febril, moraton*, esguince*, tendon*, ligamento*, fisio, osteopata,
            quiropractico, acupuntura, mis pastillas, hecho una resonancia, hicieron una resonancia, ecografia,
            crisis de panico, urgencias, piedra en el rinon, piedras en el rinon, calculo renal, colico nefritico,
            ligamento cruzado, menisco, latigazo cervical, enantyum, *prazol, *statina, *olol, *sartan, *oxetina,
            *azepam, *azolam, *triptan, *cilina, *micina, *floxacino, *profeno, *gliptina, *setron, *apina, *parina,
            *umab, *tinib, tosiendo sangre, toso sangre, sangre en la orina, sarpullido, erupcion en la piel,
            celiaqu*, bebo demasiado, bebe demasiado, bebo mucho, bebia demasiado, bien de la cabeza, mal de la
            cabeza, psicologicamente, crisis nerviosa, ataque de nervios, me siento vacio, me siento vacia, di a
            luz, dio a luz, dar a luz, he dado a luz, posparto, postparto, baja de maternidad, baja maternal,
            lactancia, dando el pecho, doy el pecho, en estado de buena esperanza, encinta, salgo de cuentas, fecha
            prevista de parto, baja vision, invidente, va en silla, paraplejic*, tetraplejic*, amputad*, protesis,
            sordera, hipoacusia, implante coclear, perro guia, lesion medular, incapacidad permanente, gran
            invalidez, certificado de discapacidad, ludopat*, adicto al juego, adicta al juego, proyecto hombre,
            sertralina, fluoxetina, paroxetina, escitalopram, citalopram, venlafaxina, quetiapina, toma litio, tomo
            litio, tomando litio, lamotrigina, valproato, depakine, metformina, ibuprofeno, paracetamol, diazepam,
            lorazepam, alprazolam, tramadol, metilfenidato, conmocion cerebral, traumatismo craneal, traumatismo
            craneoencefalico, bomba de insulina, diabetes * descontrolada, diabetes tipo, soy ciego, soy ciega, mal
            mentalmente, agotado mentalmente, agotada mentalmente, enganchado a la coca, enganchada a la coca,
            enganchado a las drogas, enganchada a las drogas, no me encuentro bien, no me siento bien, resfriado,
            resfriada, constipado, constipada, pachucho, pachucha, con fiebre, =adiro, dalsy, frenadol, gelocatil,
            espidifen, deje de fumar, dejar de fumar, parches de nicotina, condon*, preservativo*, =ets, prueba del
            =vih, =vih, epidural, puncion lumbar, tengo la regla, me ha bajado la regla, me vino la regla, dolor de
            regla, dolores de regla, llevo * anos limpio, llevo * meses limpio, llevo * dias limpio, llevo * anos
            limpia, llevo * meses limpia, llevo * dias limpia, estoy limpio desde, estoy limpia desde, llevo * ano
            limpio, llevo * ano limpia, llevo * mes limpio, llevo * mes limpia""",
    },
    "finance": {
        "en": """make * before tax, earn * before tax, make * after tax, earn * after tax, buy now pay later, klarna,
            afterpay, in my overdraft, payment plan for, sent to collections, went to collections, collections
            agency, debt recovery, cash advance, =title loan, quick loan, short term loan, high interest loan, loan
            from my, borrowed money from, borrow money from, mortgage arrears, rent arrears, =missed * payments,
            =missed a payment, =missed payments, behind on my mortgage, =claiming benefits, on disability,
            disability payments, =ssi, =ssdi, unemployment benefit*, unemployment check*, on unemployment, snap
            benefits, =ebt, medicaid, housing assistance, child tax credit, i make * an hour, earn * an hour, =paid
            * an hour, debt relief order, debt consolidation, consolidate my debt, minimum payments, credit card
            bill*, my salary, salary is, take home salary, =claiming benefits, on =esa, late on rent, rent is late,
            rent was late, bounced a cheque, bounced a check, bounced cheque, bounced check, account is in the red,
            in the red again, overdue on my, i make * dollars a month, i earn * a month, i earn * a year""",
        "nl": """=blut, platzak, loonbeslag, beslaglegging, beslag op mijn, achteraf betalen, schuldeiser*, aflossen,
            rood op mijn, flitskrediet*, flitslening*, minilening, lening afgesloten, lening afsluiten, geld
            geleend, geld lenen van, achter met de hypotheek, achter met * hypotheek, =ww, kinderopvangtoeslag,
            =wsnp, minnelijk traject, beschermingsbewind, bewindvoerder, verdien * per maand, verdient * per maand,
            loonstrook, netto * per maand, huur * te laat, huur te laat, rekening staat rood, een schuld bij,
            openstaande schuld, schuld van * euro, schuld bij de belastingdienst, schuld bij het =cjib, schuld bij
            =duo, schuld bij de bank, schuld bij mijn, verdien * euro per maand, verdient * euro per maand, verdien
            * euro netto, verdient * euro netto, loop achter met de huur, loop achter met de hypotheek, loop achter
            met betalen, loop achter met de betalingen, achterstand op de huur, achterstand op mijn, in de
            participatiewet, auto * in beslag genomen, spullen * in beslag genomen, in beslag genomen door de
            deurwaarder, @jaarsalaris, @uurloon, @salarisverhoging, @loonsverhoging, sta in het rood, staan in het
            rood, stond in het rood, moet * euro terugbetalen, moet * terugbetalen aan de belastingdienst, kan ik
            niet betalen, =euro moet terugbetalen, =euro terugbetalen""",
        "de": """pfandung*, *pfandung, p konto, pfandungsschutzkonto, ratenkauf, raten abbezahlen, in raten,
            kurzzeitkredit, minikredit, sofortkredit, kleinkredit, privatkredit, geld geliehen, mit den raten, raten
            im ruckstand, hauskredit, verbraucherinsolvenz, restschuldbefreiung, =aufstocker, =aufstockerin,
            schufaeintrag, schufa eintrag, verdiene * netto, verdient * netto, konto uberzogen, konto * uberzogen,
            konto ist * uberzogen, uberziehungszinsen, mietruckstand, miete * zu spat, verdiene * euro, verdiene *
            im monat, habe * kredit aufgenommen, hab * kredit aufgenommen, haben * kredit aufgenommen, muss * kredit
            aufnehmen, beziehe sozialleistungen, bekomme sozialleistungen, beziehe grundsicherung, bekomme
            grundsicherung, in der grundsicherung, beziehe kinderzuschlag, @jahresgehalt, @stundenlohn,
            @gehaltsabrechnung, @lohnabrechnung, steuern nachzahlen, steuern nachgezahlt, steuernachzahlung, kann
            nicht zahlen, nicht zahlen kann, =euro nachzahlen""",
        "fr": """credits a la consommation, credit conso, credits conso, peine a rembourser, du mal a rembourser,
            rembourser mes dettes, rembourser mon credit, rembourser mon pret, paiement en * fois, paiements en *
            fois, je dois * euros, suis a sec, fiche a la banque de france, fichee a la banque de france, =ficp,
            =mini credit, credit renouvelable, credit revolving, pret personnel, dossier de surendettement,
            commission de surendettement, =societe de recouvrement, agence de recouvrement, mensualites de retard,
            mensualites en retard, mensualite de retard, =caf, prime d activite, touche le chomage, je touche * par
            mois, touche * net, compte dans le rouge, loyer * en retard, credit sur le dos, credits sur le dos,
            dettes sur le dos, j ai un credit, j ai deux credits, gagne * euros par mois, touche * euros par mois,
            touche les aides sociales, vis des aides sociales, ma fiche de paie, mes fiches de paie, mon bulletin de
            salaire, suis dans le rouge, dois rembourser * euros, =euros a rembourser""",
        "es": """debo mas de, debo unos, en asnef, =asnef, fichero de morosos, estoy pelado, estoy pelada, estoy tieso,
            estoy tiesa, pago aplazado, pagar a plazos, vivo del paro, cobro del paro, del paro, agencia de cobro*,
            empresa de cobro*, empresa de recobro, agencia de recobro, cobrador del frac, me reclaman una deuda,
            reclamacion de deuda, minicredito*, prestamo rapido, prestamos rapidos, cuotas * sin pagar, =imv, =sepe,
            renta minima, renta de insercion, salario social, gano * netos, cobro * netos, me prestaron dinero,
            cuenta en rojo, alquiler * atrasado, voy tarde con el alquiler, cobro * euros al mes, gano * euros al
            mes, mi cuota de la hipoteca, mi subida de sueldo, pedir una subida de sueldo, me dieron una subida de
            sueldo, pedi dinero prestado, pedi prestado dinero, tengo que devolver * euros, =euros a devolver""",
    },
    "politics": {
        "en": """=dsa, phone bank*, phonebank*, door knocking for, organizer with the, organiser with the, campaign
            volunteer, out of the eu, leave the eu, left the eu, =signed * petition, petition against, petition to
            stop, =started a petition, protester*, just stop oil, =jso, greenpeace, attac, insulate britain,
            palestine action, =animal rebellion, sunrise movement, campaigning for, =leafleting, flyering for, gonna
            vote, going to vote for, sinn fein, alliance party, =sdlp, renew europe, european parliament, my mep,
            =dnc, =rnc, social democrat*, christian democrat*, eco socialist, ecosocialist*, trotskyist*, maoist*,
            tankie*, neoliberal*, anti immigration, pro immigration, anti abortion, joined labour, staunch labour,
            lifelong labour, tory voter, tory member, i m labour, i m a tory, vote green, voting green, i m
            progressive, i m a progressive, politically progressive, voted =dup, =dup voter, sinn fein voter, =odp,
            patriots for europe, =epp, european people s party, remainer*, brexiteer*, brexiter*, trump supporter,
            anti woke, women s march, anti war march, went to a rally, climate rally, =bds, boycotting israeli, my
            vote goes to, gave my vote to, who i m voting for, who i m voting, dem voter, registered democrat,
            registered republican, paid up member of the * party, paid up labour member, labour campaign, tory
            campaign, conservative campaign, democratic campaign, republican campaign, green party campaign,
            campaign for labour, campaign for the tories""",
        "nl": """+protest, +protesten, boerenprotest*, uit de eu, =nexit, gemeenteraadslid, raadslid, petitie tegen,
            petitie voor, petitie getekend, petitie ondertekend, de petitie, een petitie, demo tegen, demonstrant*,
            +activist, +activiste, +activisten, greenpeace, forum voor democratie, groenlinks pvda, ben nogal
            rechts, ben nogal links, ben vrij rechts, ben vrij links, ben best rechts, ben best links, stem * links,
            stem * rechts, anarchist*, libertari*, ben liberaal, populist*, groen stemmen, stem groen, stemde groen,
            zwevende kiezer, lid van de * partij, blokkeerde de a12, a12 blokkade, blokkade van de a12, manifestatie
            tegen, manifestatie voor, mars tegen, mijn stem gaat naar, lid van de =sp, lid van de =pvda, lid van de
            =vvd, lid van =d66, groen gestemd, links gestemd, rechts gestemd""",
        "de": """+protest, +proteste, aus der eu, =dexit, gemeinderat*, stadtrat*, stadtratin, petition gegen, petition
            fur, petition unterschrieben, petition * unterschrieben, demonstrant*, klimakleber*, auf die strasse
            geklebt, +aktivist, +aktivistin, +aktivisten, greenpeace, attac, freie wahler, europaparlament,
            anarchist*, libertar*, linksliberal*, sozialdemokrat*, christdemokrat*, grunwahler*, gehe wahlen, bin
            ziemlich konservativ, bin eher konservativ, bin ziemlich links, bin ziemlich rechts, bin sehr links, bin
            sehr konservativ, =odp, tierschutzpartei, sitzblockade, linksgrun*, blockade gegen, grun eingestellt,
            links eingestellt, rechts eingestellt, konservativ eingestellt, liberal eingestellt, politisch
            eingestellt, wahle grun, war auf der demo, gehe zur demo, gehe auf die demo, bei der letzten generation,
            bin bei der letzten generation""",
        "fr": """quitter l ue, sortir de l ue, =frexit, conseiller municipal, conseillere municipale, petition contre,
            petition pour, =signe * petition, =signe la petition, la manif, une manif, a la manif, en manif,
            manifestant*, gilets jaunes, gilet jaune, attac, greenpeace, soulevements de la terre, =nupes, nouveau
            front populaire, =nfp, =npa, debout la france, anarchiste*, libertaire*, facho*, souverainiste*,
            centriste, macroniste*, lepeniste*, melenchoniste*, suis de gauche, est de gauche, plutot de gauche,
            homme de gauche, femme de gauche, parti de gauche, partis de gauche, electeur de gauche, electrice de
            gauche, militant de gauche, idees de gauche, gens de gauche, vote de gauche, suis de droite, est de
            droite, plutot de droite, homme de droite, femme de droite, parti de droite, partis de droite, electeur
            de droite, electrice de droite, idees de droite, vote de droite, vote toujours, vais voter, vote blanc,
            voter blanc, vote utile, vote a gauche, vote a droite, suis ecolo, @conservateur, @conservatrice,
            activiste*, rassemblement contre, marche pour le climat, =lrem, =ump, islamo gauchiste, =reac, =gaucho,
            suis gaucho, encarte*, au =ps, pour le =ps, du =ps, carte du parti, carte au parti, la republique en
            marche""",
        "es": """=mani, la mani, a la mani, concejal*, concejala, =sumar, mas madrid, salir de la ue, peticion contra,
            firme la peticion, firme una peticion, manifestante*, anarquis*, libertari*, progresista*,
            socialdemocrata*, ecologista*, compromis, =bng, =futuro vegetal, rebelion o extincion, greenpeace,
            juventudes socialistas, vot* a la izquierda, vot* a la derecha, vot* por la izquierda, vot* por la
            derecha, voy a votar, siempre voto, votar en blanco, voto en blanco, voto util, milita en, carnet del
            partido, @conservador, @conservadora, concentracion contra, =cacerolada, huelga feminista, =progre,
            =progres, soy progre, votante de, votantes de, sociata, podemita, pepero, pepera, =marcha contra""",
    },
    "ethnicity": {
        "en": """holocaust survivor*, survived the holocaust, family in the holocaust, died in the holocaust, died in auschwitz, murdered in auschwitz, auschwitz where * grandparents, auschwitz where grandparents, auschwitz * where grandparents, auschwitz * where * grandparents,
            igbo, yoruba, hausa, fulani, amhara, oromo, tigrayan, tigrinya, tutsi, hutu, kikuyu, berber*, amazigh*,
            kabyle*, quechua*, aymara, mapuche, guarani, sahrawi*, saharaui*, sahraoui*, hmong, pashtun*, hazara*,
            baloch*, uyghur*, uighur*, rohingya, yazidi*, sinhalese, romani, irish traveller*, romany, romanichal,
            mixed heritage, dual heritage, as a brown, brown woman, brown man, =bame, =bipoc, chicano, chicana, afro
            latin*, afro caribbean, black british, my parents are from, my family is from, my mum is from, my mom is
            from, my dad is from, my parents are * immigrants, child of immigrants, daughter of immigrants, son of
            immigrants, kid of immigrants""",
        "nl": """holocaustoverlevende*, familie in de holocaust, omgekomen in auschwitz, vermoord in auschwitz,
            berber*, kabyl*, oeigoer*, jezidi*, paschtoe*,
            roots liggen in, mijn roots, ben indo, ik ben roma, bicultureel, biculturele, nieuwe nederlander*, mijn
            ouders komen uit, mijn moeder komt uit, mijn vader komt uit, mijn familie komt uit, kind van migranten""",
        "de": """holocaustuberlebende*, familie im holocaust, in auschwitz ermordet, in auschwitz umgekommen,
            berber*, kabyl*, uigur*, jesid*, paschtun*, belutsch*, als schwarzer der, als schwarze die, ich als schwarzer, ich als schwarze,
            eltern kommen aus, familie kommt aus, grosseltern kamen aus, eltern kamen aus, mutter kommt aus, vater
            kommt aus, eingewandert, einwanderer*, gastarbeiter*, person of color, schwarze deutsche, jenische,
            jenischer, kind von einwanderern""",
        "fr": """survivant de la shoah, survivante de la shoah, survivants de la shoah, famille dans la shoah, morts a auschwitz, mort a auschwitz,
            berbere*, kabyle*, ouighour*, yezidi*, pachtoun*, quechua*,
            mes parents viennent d, mes parents sont originaires d, originaire d, originaires d, ma famille vient d,
            harki*, pied noir*, pieds noirs, noich, racise*, yenish, afro descendant*, antillais*, reunionnais*,
            martiniquais*, guadeloupeen*, double nationalite, binational*, enfant d immigres, fille d immigres, fils
            d immigres""",
        "es": """superviviente del holocausto, supervivientes del holocausto, familia en el holocausto, murieron en auschwitz, murio en auschwitz,
            bereber*, cabila*, uigur*, yazidi*, pastun*, quechua*, aimara*,
            mis padres son de, mis padres vienen de, mis padres emigraron de, emigraron de, emigre de, mi familia es
            de, mi familia viene de, descendiente de, hijo de inmigrantes, hija de inmigrantes, hijos de
            inmigrantes, racializad*, doble nacionalidad""",
    },
    "sexuality": {
        "en": """binder and packer*, binders and packer*, packers and a binder, packer and binder*, gender clinic, gender affirming, top surgery,
            genderfluid*, gender fluid, agender, intersex*, two spirit, i m ace, i am ace, might be ace, open
            relationship, sexting, nudes, swinger*, one night stand, friends with benefits, hook* up with, hooking
            up, attracted to men, attracted to women, attracted to guys, attracted to girls, attracted to both, into
            guys, into girls, sleep* with men, sleep* with women, sleep* with guys, sleep* with girls, =started =t,
            on =t for, =t shots, testosterone shots, testosterone injections, lgbtq*, aroace, enby, transmasc*,
            transfem*, chest binder, drag king, =closeted, sapphic, same sex partner, they them pronouns, uses they
            them, as a straight man, as a straight woman, straight couple, sex toy*, vibrator*, dildo*, into men,
            into women""",
        "nl": """binder en packer*, genderkliniek, genderpoli, genderteam, genderbevestigend*,
            genderfluide, intersekse, bi ben, bi bent, val op mannen, val op vrouwen, val op jongens, val op
            meisjes, open relatie, seks met, sexting, begonnen met testosteron, aan de testosteron, slik
            testosteron, testosteron * begonnen, genderneutrale voornaamwoorden, lhbtiq*, lhbti*, lgbtq*, ben
            hetero, seksspeeltje*, vibrator*""",
        "de": """binder und * packer, binder und packer, geschlechtsangleichend*, genderambulanz,
            genderfluid*, intergeschlechtlich*, intersexuell*, bi bin, bi bist, bi ist, im bett lauft, im bett
            klappt,
            stehe auf manner, stehe auf frauen, offene beziehung, schlafe mit, sexting, one night stand,
            nehme * testosteron, nehme testosteron, testosteron nehme, seit * testosteron, ungeoutet,
            geschlechtsneutral angesprochen, lgbtq*, lsbti*,
            bin hetero, sexspielzeug*, vibrator*""",
        "fr": """binder et * packer*, binder et packer*, affirmation de genre, transition de genre,
            genderfluid*, intersexe*, intersexue*,
            attire par les, attiree par les, couche avec, coucher avec, relation libre, plan cul, sexting,
            la testo, sous testo, commence la testo, sous testosterone, couple libre, couple ouvert, sortir du
            placard, sorti du placard, sortie du placard, fais mon coming out, lgbtq*, lgbti*,
            suis hetero, sextoy*, vibromasseur*""",
        "es": """binder y * packer*, binder y packer*, afirmacion de genero, mastectomia masculinizante,
            genero fluido, intersexual*, me gustan los chicos, me gustan las chicas, me gustan los hombres, me
            gustan las mujeres, me atraen los, me atraen las, relacion abierta, me acuesto con, acostarme con,
            follamigo*, empece con la testosterona, me pongo testosterona, tomo testosterona, hormonarme,
            hormonandome, pronombre elle, lgtb*, lgtbi*, lgtbiq*, lgbtq*, soy hetero, juguete* sexual*, vibrador*""",
    },
    "biometrics": {
        "en": """facial geometry, face geometry, face template, facial template, faceprint*, voice profile, voice
            signature, recognize my voice, recognise my voice, my voice as * password, voice as * password, scan my
            face, scan * my face, scan my palm, scan * palm, palm of my hand, take my fingerprints, fingerprints
            taken, video ident, videoident, enrolled my fingerprint, registered my fingerprint, set up *
            fingerprint, unlock with my fingerprint, thumbprint, windows hello, voice match, my voice sample, submit
            a voice sample, gave a voice sample, hand scanner, biometric time clock, e gates, global entry,
            worldcoin, world id, scanned my iris, my face data, id verification selfie, keystroke dynamics, enrolled
            their fingerprint, enrolled his fingerprint, enrolled her fingerprint, registered their fingerprint,
            registered an iris, iris registered, iris scan was, voice authentication, voice login, face
            verification, facial verification, biometric login, thumb scan, finger scan, eye scan""",
        "nl": """stemafdruk*, stemprofiel, stemmonster, gezicht laten scannen, gezicht * scannen, gezicht scannen,
            gezichtsgeometrie, gezichtsprofiel, video ident, vingerafdrukken laten,
            gezichts id, ontgrendel met mijn gezicht, met mijn gezicht ontgrendelen, duimafdruk, selfie verificatie,
            handpalmscan, handpalm scan, windows hello,
            gezicht registreren, gezicht * registreren, gezicht * geregistreerd, oogscan, netvliesscan, stemverificatie,
            stem als wachtwoord, stem als inlog, stem * als wachtwoord""",
        "de": """stimmabdruck, stimmprofil, stimmprobe, stimme als passwort, stimme * passwort, stimme *
            hinterlegen, stimme * hinterlegt, gesicht * hinterlegt, gesicht hinterlegt, gesicht * hinterlegen,
            gesicht scannen, gesicht * scannen, video ident, videoident, handflache scannen, handflache *
            scannen,
            handvene*, venen * gescannt, daumenabdruck, windows hello, iris gescannt, iris * gespeichert, mit meinem
            gesicht entsperr*,
            augenscan, netzhautscan, gesicht registrieren, gesicht registriert, stimmverifizierung,
            gesicht wurde * * gescannt, easypass, =egate, e gate""",
        "fr": """echantillon de voix, echantillon vocal, profil vocal, ma voix comme, scanner mon visage, prendre mes
            empreintes, pris mes empreintes, relever mes empreintes, releve mes empreintes, paume de la main,
            paume de ma main, geometrie faciale,
            empreinte du pouce, deverrouill* avec mon visage, deverrouillage facial, capteur d empreinte*, avec mon
            empreinte, mon empreinte digitale, scan de l iris, iris scanne,
            scan retinien, scan de la retine, authentification vocale, verification faciale, =selfie de verification,
            ma voix pour m identifier, voix pour m identifier, reconnaissance de ma voix, ma voix comme mot de
            passe, sas parafe, =parafe""",
        "es": """me tomaron las huellas, tomar las huellas, tomaron las huellas, tomarme las huellas, mis huellas,
            escanear la palma, palma de la mano, escanear * cara, escanear mi cara, muestra de voz, perfil de voz,
            mi voz como, geometria facial, reconocimiento de voz, registr* * huella, desbloqueo con huella, huella
            del pulgar, desbloquear con la cara, escaneo de iris, escanearon el iris, escaneo de retina, escaneo
            retinal, autenticacion por voz, verificacion facial, =selfie de verificacion, huella de la palma, mi voz
            para identificarme, mi voz como contrasena, mi voz como clave""",
    },
    "union": {
        "en": """=ibew, =seiu, =uaw, =afscme, afl cio, union local, my local union, union subs, union fees, union branch,
            union card, strike pay, strike fund, union organizer, union organiser, organizing a union, organising a
            union, usdaw, nasuwt, =ucu, =bma, =rcn, pcs union, =cwu, teachers union, out on strike, =walked off the
            job, work to rule, union drive, union busting, joined a union, join a union, anti union""",
        "nl": """vakbondslid, bij de bond, lid van de bond,
            in de =or, lid van de =or, zit in de =or, contributie * bond, bondscontributie, vakbondscontributie,
            =vcp, cao overleg, personeelsvertegenwoordiging""",
        "de": """=ngg, =igbce, ig bce, streikgeld, arbeit niederlegen, arbeitsniederlegung, personalrat*,
            mitarbeitervertretung, warnstreik*, streikposten, gewerkschaftsbeitrag, beitrag an ver di""",
        "fr": """=sud rail, =fsu, =cfe cgc, elu au =cse, elue au =cse, cotisation syndicale, cotisation a la =cfdt,
            cotisation a la =cgt, =representant du personnel, =representante du personnel, intersyndicale""",
        "es": """=cgt, soy del comite, enlace sindical,
            cuota sindical, cuota de =ugt, cuota de =ccoo, cuota de la =ugt, liberado sindical, liberada sindical,
            =ela, =cig""",
    },
    "religion": {
        "en": """gospel choir, choir at church, sings at mass, at mass every, goes to mass, go to mass, friday prayers, =jummah, =jumuah, =jumma,
            jehova*, alevi*, cemevi, druze, druse*, ahmadi*, ahmadiyya, copt*, maronite*,
            easter vigil, vigil mass, altar server, altar boy, eucharist, holy communion, first
            communion, church elder, youth pastor, mission trip, missionary, latter day saint*, =lds, temple
            garment*, shul, minyan, daven*, mikveh, tzitzit, salat, jummah, friday prayers, wudu, namaz, puja,
            langar, kirtan, novena, good friday service, church choir, youth group at church, my parish, my pastor,
            my priest, my imam, my rabbi, bishop asked me""",
        "nl": """gospelkoor, koor van de kerk, naar de mis, vrijdaggebed, naar de moskee,
            getuige van jehova, getuigen van jehova, koptisch*, alevitisch*, paaswake, misdienaar*, eerste communie,
            mormoon, mormonen, heiligen der laatste dagen, kerkenraad, ouderling, diaken, vrijdaggebed, gebedsmatje,
            kerkkoor, mijn parochie, praktiserend* katholiek*, praktiserend* christen*, praktiserend* moslim*,
            praktiserend* jood*""",
        "de": """gospelchor, chor der gemeinde, zur messe, in die messe, freitagsgebet, zum gebet in die moschee,
            zeugin jehovas, zeuge jehovas, alevit*, koptisch*, maronit*, messdiener*, ministrant*, kirchenchor,
            kirchengemeinde, presbyter*, kirchenvorstand, mormon*, heiligen der letzten tage, freitagsgebet, aus der
            kirche ausgetreten, praktizierend* katholik*, praktizierend* christ*, praktizierend* muslim*,
            praktizierend* jud*, praktizierend* protestant*""",
        "fr": """chorale gospel, chorale de l eglise, chorale de la messe, a la messe, priere du vendredi, prieres du vendredi,
            alevi*, copte*, maronite*, druze*, veillee pascale, catechisme, premiere communion, mormon*, saints des
            derniers jours, priere du vendredi, =ftour, faire le ramadan, fais le ramadan, fait le ramadan,
            aumonerie, paroissien*, ma paroisse""",
        "es": """coro gospel, coro de la iglesia, coro de la misa, a misa, oracion del viernes, rezo del viernes,
            testigo de jehova, alevi*, copto*, copta*, maronita*, druso*, monaguillo*, vigilia pascual, catequesis,
            primera comunion, mormon*, santos de los ultimos dias, cofrade, costalero*, oracion del viernes, hago el
            ramadan, hace el ramadan, mi parroquia, mi cofradia""",
    },
}

#: Body parts, by language: with a complaint (:data:`COMPLAINTS`) they make a health entry.
BODY_PARTS: dict[str, str] = {
    "en": """back, knee, knees, hip, hips, shoulder, shoulders, neck, wrist, wrists, ankle, ankles, foot, feet,
        leg, legs, arm, arms, elbow, elbows, hand, hands, head, stomach, belly, tummy, chest, heart, throat,
        ear, ears, eye, eyes, teeth, tooth, jaw, gums, skin, joints, muscles, spine, bladder, bowel, kidney,
        kidneys, liver, lungs, breast, breasts, hamstring, calf, toe, toes, finger, fingers, thumb, sinuses,
        tendon, pelvis, ribs, rib""",
    "nl": """rug, knie, knieen, heup, heupen, schouder, schouders, nek, pols, polsen, enkel, enkels, voet,
        voeten, been, benen, arm, armen, elleboog, hand, handen, hoofd, maag, buik, borst, hart, keel, oor,
        oren, oog, ogen, tanden, tand, kies, kaak, huid, gewrichten, spieren, ruggengraat, blaas, darmen,
        nieren, lever, longen, kuit, teen, tenen, vinger, vingers, duim, bekken, ribben, rib""",
    "de": """rucken, knie, knien, hufte, huften, schulter, schultern, nacken, hals, handgelenk, knochel, fuss,
        fusse, bein, beine, arm, arme, ellbogen, hand, hande, kopf, magen, bauch, brust, herz, ohr, ohren,
        auge, augen, zahne, zahn, kiefer, haut, gelenke, muskeln, wirbelsaule, blase, darm, niere, nieren,
        leber, lunge, wade, zeh, zehen, finger, daumen, becken, rippen, rippe""",
    "fr": """dos, genou, genoux, hanche, hanches, epaule, epaules, nuque, cou, poignet, poignets, cheville,
        chevilles, pied, pieds, jambe, jambes, bras, coude, main, mains, tete, ventre, estomac, poitrine, coeur,
        gorge, oreille, oreilles, oeil, yeux, dents, dent, machoire, peau, articulations, muscles, colonne,
        vessie, intestins, reins, rein, foie, poumons, sein, seins, mollet, orteil, orteils, doigt, doigts,
        pouce, bassin, cotes, cote""",
    "es": """espalda, rodilla, rodillas, cadera, caderas, hombro, hombros, cuello, muneca, munecas, tobillo,
        tobillos, pie, pies, pierna, piernas, brazo, brazos, codo, mano, manos, cabeza, estomago, barriga,
        tripa, pecho, corazon, garganta, oido, oidos, oreja, ojo, ojos, dientes, diente, muela, mandibula,
        piel, articulaciones, musculos, columna, vejiga, intestino, rinones, rinon, higado, pulmones, seno,
        senos, gemelo, dedo, dedos, pulgar, pelvis, costillas, costilla""",
}

#: How a complaint of a body part is said; ``{}`` stands for the part (``*`` a gap, as in
#: :data:`VOCABULARY`).
COMPLAINTS: dict[str, str] = {
    "en": """my {} hurt*, my {} * hurt*, {} hurts, {} is killing me, {} are killing me, hurt my {}, injured my {},
        twisted my {}, sprained my {}, broke my {}, broken {}, threw my {} out,
        pain in my {}, pains in my {}, sore {}, my {} * sore, my {} ache*, my {} * swollen, swollen {},
        my {} is swollen, {} injury, {} surgery, {} operation, {} infection, {} ache""",
    "nl": """last van mijn {}, last van m n {}, pijn aan mijn {}, pijn in mijn {}, pijn aan m n {}, mijn {} doet
        pijn, mijn {} doet * pijn, mijn {} doen pijn, {} doet pijn, {} doen pijn, {} verstuikt, {} verdraaid,
        {} gekneusd, gekneusde {}, {} gebroken, gebroken {}, opgezwollen {}, geblesseerd aan mijn {},
        {} blessure, {}blessure, {} operatie, {} klachten""",
    "de": """{} tut weh, {} tut * weh, {} tun weh, {} tun * weh, {} schmerzt, {} schmerzen, schmerzen im {},
        schmerzen in der {}, schmerzen am {}, {} verstaucht, {} verletzt, {} gebrochen, {} geschwollen,
        geschwollene {}, geschwollenen {}, {} verrenkt, {} operation, {} beschwerden, {}verletzung, {}verletzungen""",
    "fr": """mal au {}, mal a la {}, mal aux {}, mal a l {}, douleur au {}, douleurs au {}, douleur a la {},
        douleurs a la {}, douleurs aux {}, {} me fait mal, {} me font mal, {} me fait * mal, entorse au {},
        entorse a la {}, {} casse, {} cassee, {} enfle, {} enflee, {} gonfle, {} gonflee, foule la {},
        foule le {}, tordu la {}, tordu le {}, blesse au {}, blessee au {}, blesse a la {}, blessee a la {},
        operation du {}, blessure au {}, blessure a la {}, operation de la {}""",
    "es": """me duele el {}, me duele la {}, me duelen los {}, me duelen las {}, me duele * {}, me duelen * {},
        dolor de {}, dolores de {}, dolor en el {}, dolor en la {}, dolor en los {}, dolor en las {}, {} hinchad*,
        {} roto, {} rota, {} rotos, {} rotas, torcido el {}, torci el {}, torci la {}, esguince de {}, me rompi el {}, me rompi la {},
        lesion de {}, lesion en el {}, lesion en la {}, me lesione el {}, me lesione la {}, molestias en el {},
        molestias en la {}, operacion de {}""",
}


def _complaints(language: str) -> str:
    """The health entries that :data:`BODY_PARTS` and :data:`COMPLAINTS` make in ``language``."""
    parts = [part.strip() for part in BODY_PARTS[language].split(",") if part.strip()]
    templates = [template.strip() for template in COMPLAINTS[language].split(",") if template.strip()]
    return ", ".join(template.replace("{}", part) for template in templates for part in parts)


#: Ordinary phrases that contain a sensitive word. Where one overlaps a match, the longer wins.
BENIGN: dict[str, str] = {
    "en": """grand theft auto, lithium ion, lithium battery, lithium batteries, lithium cell*, lithium polymer, was a crime, is a crime, daylight robbery, so ocd, bit ocd, little ocd, a tad ocd, berber rug, berber carpet, polite, politely, politeness, impolite, vet clinic, broken heart, broke my heart, broken hearted, heartbroken, sight for sore eyes, parent directory, parent folder, parent class, parent node, parent process, parent element, parent
        company, parent component, parent commit, parent issue, parent window, child process, child processes,
        child node, child nodes, child element, child elements, child class, child component, child thread,
        child window, child theme, child widget, white paper, great depression, tropical depression, office
        politics, company politics, genetic algorithm*, genetic programming, oh my god, thank god, god mode, god
        object, god class, god knows, for god s sake, church turing, alonzo church, bipolar transistor, sick of,
        key fingerprint, ssh fingerprint, browser fingerprint*, certificate fingerprint, gpg fingerprint,
        fingerprint of the, probation period, probationary period, work stealing, stole the show, recovery mode,
        recovery key, disaster recovery, data recovery, password recovery, crash recovery, party trick, birthday
        party, dinner party, third party, third parties, party member function, trans fat, pride and prejudice,
        drug store, drugstore, mother of all, mother board, big brother, sister company, sister project, master
        and slave, death star, dead code, dead lock, killer feature, health check, healthcheck, health checks,
        health endpoint, health bar, health points, cluster health, system health, disk health, code health,
        operation on the, operations on, surgical precision, viral video, vote up, upvote, downvote, vote on the,
        votes on the, debt free, technical debt, tech debt, design debt, income statement, plot of, family of
        fonts, font family, model family, product family, language family, kid gloves, race condition, race
        conditions, data race, arms race, race car, race track, rat race, descent into, gradient descent,
        steepest descent, union type, union types, union of, union all, union find, european union, soviet
        union, student union, credit union, union square, union station, labor day, heritage site, world
        heritage, fraud detection, crime novel, monster, sex pistols, execute the, killed the process, kill
        the process, testament, pray for, church of, cross platform, spiritual successor, strike through,
        strikethrough, strike a balance, strike me, lucky strike, sore loser, sober look, pain point, pain
        points, growing pains, pain in the, cancer cell, cell line, flu like, bug fix, symptom of, symptoms of
        a, the symptom, diagnostic*, diagnose the, diagnosing the, diagnosis of the, therapy for my plants,
        retail therapy, dead giveaway, migrant workers, crash course, fever dream, the ex, ex post, ex ante,
        ex officio, my ex boss, ex colleague, ex coworker, ex employer, kill * process*, kill * job*, kill * server*,
        kill * container*, kill * task*, kill * pod*, kill * thread*, kill * session*, kill * app, kill * build*,
        kill * script*, kill * query, kill * connection*, kill switch, kill time, dad joke*, dad bod, mom jeans,
        mom and pop, state of the union, union query, union queries, union select, union clause, union operator,
        picket fence, vote on, can vote, union keyword, dealing with, no offence, no offense, in unison, rash decision, bleeding edge, nostalgia,
        academia, trial period, free trial, clinical trial, stock market, white list, whitelist, black list,
        blacklist, black box, white box, white space, whitespace, white noise, black friday, party pooper,
        conservative estimate, liberal use, vote of thanks, transition to, the transition, smooth transition,
        transition period, page transition, css transition, state transition, the iris dataset, iris dataset,
        iris flower*, blind spot, double blind, single blind, color blind theme, ssh key fingerprint,
        heroine, heroines, kosher salt, kill for a, kill for some, kill for an, d kill for, psychology class,
        psychology course, psychology lecture, psychology degree, psychology student*, study psychology,
        studied psychology, studying psychology, religiously, pray that, pray the, pray it, pray we, pray this,
        praying that, praying the, praying it, good god, dear god, god what, god that, god this, god why, god how,
        god it, a steal, protest song, protest songs""",
    "nl": """lees een detective, leest een detective, las een detective, lithium ion, lithium ionen, lithiumbatterij*, lithium batterij*, rechts afgeslagen, links afgeslagen, rechts afslaan, links afslaan, rechts af, links af, rechts aanhouden,
        links aanhouden, was een misdaad, is een misdaad, was diefstal, is diefstal, was een diefstal, is een diefstal, dierenarts*, dierenkliniek, gebroken hart, hart gebroken, ouder directory, ouderelement, kind proces, kindproces, kind element, oh mijn god, god zij dank,
        mijn god, goddank, ik geloof, geloof me, geloof dat, ik denk, arts and crafts, de =schuld, mijn =schuld,
        jouw =schuld, zijn =schuld, man en paard, de man, een man, de vrouw, een vrouw, vrouw en man, stem af,
        afstemmen, kind van, gradient descent, europese unie, technische schuld, partij voor, een partij,
        wedstrijd, race conditie, politie van de, kanker op, afscheiding, ontsteking van de auto, ontsteking
        van de motor, nuchtere kijk, nuchter bekeken, nuchter naar, er ziek van, ziek van dat, bijna gestolen,
        haast gestolen, koosjer zout, een moord doen voor, moord
        doen voor, vak psychologie, studie psychologie, psychologie studeren, psychologie gestudeerd,
        verkiezingsprogramma*, verkiezingsuitslag*, bid dat, bidden dat, bid maar dat""",
    "de": """lithium ion, lithium ionen, lithium akku*, lithium batterie*, war ein verbrechen, ist ein verbrechen, war diebstahl, ist diebstahl, versucht, untersucht, ausgesucht, aufgesucht, heimgesucht, abgesucht, durchsucht, eifersucht,
        sehnsucht, eifersuchtig, sehnsuchtig, tierarzt*, tierklinik, eltern element, elternelement, kindelement, kindprozess, kind prozess, oh mein gott, mein gott,
        gott sei dank, um gottes willen, grus gott, ich glaube, glaube ich, die =schuld, meine =schuld, deine
        =schuld, seine =schuld, frau und mann, die frau, eine frau, der mann, ein mann, mann und frau, die wahl,
        wahl des, wahl der, meine wahl, deine wahl, zur wahl, erste wahl, qual der wahl, keine wahl, auswahl,
        race condition, europaische union, technische schulden, mutter und schraube, schraube und mutter, die
        mutter aller, lieber gott, herrgott, kind und kegel, sprache, pflegeanleitung,
        nettopreis, linke hand, linken hand, linke seite, linken seite, linke spalte, linken spalte, linke maustaste,
        linken maustaste, koscheres salz, koscher salz, wurde ich * morden, ich wurde * morden,
        psychologiestudium, psychologie studium, psychologie studieren, psychologie studiert, wahlprogramm*,
        wahlergebnis*, bete dass, beten dass, bete * dass""",
    "fr": """lithium ion, batterie au lithium, batteries au lithium, pile au lithium, piles au lithium, c est un crime, c etait un crime, c est du vol, c etait du vol, veterinaire*, clinique veterinaire, repertoire parent, element parent, element enfant, processus enfant, processus parent, mon dieu, oh
        mon dieu, dieu merci, je vous prie, vous prie, prie de, bonne foi, mauvaise foi, ma foi, dette
        technique, politique de confidentialite, politique de cookies, politique de retour, politique de
        remboursement, politique de securite, politique d utilisation, politique de l entreprise, politique
        tarifaire, politique des mots de passe, union europeenne, syndicat de copropriete, syndicat d
        initiative, les origines du, l origine du, version d origine, a l origine, origine des donnees, la femme de
        menage, bonne femme, fils de discussion, fil de discussion, jeu de l oie, vol de nuit, vol direct, vol
        pour, vol retour, mon vol, un vol, le vol, vols, vole la vedette, voler la vedette, proces verbal,
        empreinte carbone, empreinte ecologique, jumeau numerique, sur la gauche, sur la droite, a la gauche de, a la
        droite de, pret a, prete a, prets a, suis pret, es pret, est pret,
        sommes prets, etes prets, sont prets, trouble de, troubles de la, descente de gradient, grande
        depression, condition de course, mariage pour tous, la greve du, sel casher, sel kasher, tuerais pour,
        tuerait pour, cours de psychologie, etudes de psychologie, etudiant en psychologie, etudiante en
        psychologie, programme electoral, politique d investissement, politique commerciale, politique
        salariale, politique monetaire, politique fiscale, politique de prix, religieusement, prie pour qu, prie pour que,
        prie que, prions pour qu, prions pour que, grand messe, grande messe, operation bancaire, operations
        bancaires, operation commerciale, operation promotionnelle""",
    "es": """litio ion, ion litio, bateria de litio, baterias de litio, pila de litio, pilas de litio, fue un crimen, es un crimen, fue un robo, es un robo, masa madre, veterinari*, clinica veterinaria, corazon roto, pastillas de freno, pastillas para el lavavajillas, directorio padre, elemento padre, elemento hijo, proceso hijo, proceso padre, nodo hijo, nodo padre,
        dios mio, gracias a dios, por dios, ojala, buena fe, mala fe, politica de privacidad, politica de
        cookies, politica de devoluciones, politica de reembolso, politica de seguridad, politica de la empresa,
        politica de precios, politica de contrasenas, union europea, el origen del, origen de los datos, version
        de origen, cristiano ronaldo, partido de futbol, el partido, un partido, la mujer de la limpieza, descenso
        de gradiente, gran depresion, condicion de carrera, madre mia, la madre que, a la izquierda, a la derecha, mano
        derecha, mano izquierda, el de la derecha, la de la derecha, el de la izquierda, la de la izquierda, huella de
        carbono, gemelo digital, sal kosher, mataria por, clase de psicologia, curso de psicologia, carrera de
        psicologia, estudiante de psicologia, estudio psicologia, programa electoral, politica de inversion,
        politica comercial, politica salarial, politica monetaria, politica fiscal,
        religiosamente, rezo para que, rezo por que, rezando para que, recemos para que, operacion bancaria,
        operaciones bancarias, trata de un, trata de una, trata sobre, se trata de""",
}

#: Words before a sensitive word that make it about a person (possessives and pronouns).
PERSON_CUES = frozenset(
    [
        "my", "our", "his", "her", "their", "i", "me", "we", "he", "she", "they", "user", "mine", "myself", "im", "ive",
        "mijn", "m", "onze", "ons", "zijn", "haar", "hun", "ik", "wij", "we", "hij", "zij", "ze", "mein",
        "meine", "meinen", "meinem", "meiner", "meines", "unser", "unsere", "unserem", "unseren", "unserer", "sein",
        "seine", "seinem", "seinen", "seiner", "ihr", "ihre", "ihrem", "ihren", "ihrer", "ich", "wir", "er", "sie",
        "mon", "ma", "mes", "notre", "nos", "son", "sa", "ses", "leur", "leurs", "je", "j", "moi", "il", "elle", "nous",
        "mi", "mis", "nuestro", "nuestra", "nuestros", "nuestras", "su", "sus", "yo", "ella", "nosotros", "am", "ben",
        "mich", "mir", "uns", "mij", "nos", "nutzer", "nutzerin", "gebruiker", "gebruikster", "utilisateur",
        "utilisatrice", "usuario", "usuaria",
        "heb", "bin", "habe", "suis", "ai", "soy", "estoy", "tengo",
    ]
)  # fmt: skip

#: The person cues that can only mean the user (first person, or "the user" of a memory
#: note): "her" or "il" may be a cat, "my" or "ich" may not. Spanish drops the pronoun, so its
#: first-person verbs count ("tengo", "no puedo pagar"); "im" is not here (German "im Training").
FIRST_PERSON = frozenset(
    str.split(
        """i me my mine myself ive we our us ik mij mijn m wij ons onze ich mich mir mein meine meinen meinem
        meiner meines wir uns unser unsere unserem unseren unserer je j moi mon ma mes nous notre nos yo mi mis
        nosotros nuestro nuestra nuestros nuestras user nutzer nutzerin gebruiker gebruikster utilisateur
        utilisatrice usuario usuaria soy estoy tengo tenia tuve estaba estuve puedo debo necesito quiero voy
        sufro tomo gano cobro llevo empece"""
    )
)

#: Common words of each language: they tell which languages a text may be in, and a
#: vocabulary word that is common in another language is a false friend there (English
#: "son", Spanish "son"), counted only when the text may be in the word's own language.
COMMON_WORDS: dict[str, frozenset[str]] = {
    lang: frozenset(words.split())
    for lang, words in {
        "en": """the a an and or but of to in on at for with by from as is are was were be been am have has had do
            does did not no yes it its this that these those there here what which who whom how why when where
            all any some one two kind kinds man men ex pain gift arm arts hut rat mist fast fee bad die dies son
            sin fin once mere cura vote votes operation operations general service station message question
            condition conditions person persons parents union pension
            i you he she we they me my your our their will would can could should just so if then than also about into over after""",
        "nl": """de het een en of maar van te in op aan voor met door als is zijn was waren ben heb hebt heeft had
            niet geen ja dit dat deze die er hier wat wie hoe waarom wanneer waar alle kind man vrouw arm mist
            arts dan toen nog ook wel al zo
            ik je jij hij zij we wij ze mij me mijn jouw ons onze hun naar bij om uit over ook nog maar heel""",
        "de": """der die das ein eine und oder aber von zu in auf an fur mit durch als ist sind war waren bin hat
            haben nicht kein ja dies diese dieser es hier was wer wie warum wann wo alle kind mann frau arm gift
            rat mist fast bad
            ich du er sie wir ihr mich mir dich dir mein meine meinen meinem uns unser um am im vom zum zur bei nach auch noch schon sehr
            meiner deine dem den des sich einen einem einer wird werden kann nicht seit wegen uber unter""",
        "fr": """le la les un une et ou mais de du des a au aux en sur pour avec par comme est sont etait ete suis
            ai as avons pas non oui ce cette ces il elle ici que qui quoi comment pourquoi quand ou tous son sa
            ses fin pain mere vol fils pres tres apres
            je tu il elle nous vous ils elles me te se mon ma mes ton ta tes notre nos votre vos leur dans chez avec aussi toujours""",
        "es": """el la los las un una y o pero de del a al en sobre para con por como es son era fue soy he ha
            hemos no si este esta estos esto aqui que quien como porque cuando donde todos son sin fin mi tu
            cura once padre mis que qui roma
            yo tu el ella nosotros ellos me te se mi mis tus su sus nuestro muy tambien siempre todas todos del al nos en
            mes cada ya hay tengo voy estoy desde hace mas""",
    }.items()
}

# --- matching ------------------------------------------------------------------------------

#: About-a-person phrases for ethnicity: an origin word next to a person word, or after
#: "I am" ("a Black woman", "of Turkish descent", "I'm half Mexican", "mujer negra").
ORIGIN_WORDS: dict[str, tuple[str, str, str, str]] = {
    # language: (origin words, person words after them, person words before them, and words
    # before them that make a person of any origin but a colour: "as a Latina", not "as a white")
    "en": (
        """black white asian hispanic latino latina latinx mexican african arab indian chinese nigerian pakistani
        bangladeshi somali turkish kurdish moroccan surinamese caribbean jamaican korean vietnamese filipino
        ghanaian eritrean ethiopian syrian afghan iraqi iranian persian lebanese palestinian egyptian algerian
        tunisian senegalese congolese kenyan ugandan tamil punjabi bengali nepali thai japanese indonesian
        malaysian brazilian colombian venezuelan peruvian cuban dominican haitian polish romanian bulgarian
        russian ukrainian mixed rican armenian albanian bosnian serbian croatian chechen uzbek lankan gujarati
        sindhi burmese cambodian laotian hmong tibetan taiwanese sudanese libyan yemeni saudi jordanian
        cameroonian ivorian malian guinean liberian zimbabwean tanzanian rwandan angolan verdean guyanese
        trinidadian bajan salvadoran guatemalan honduran ecuadorian chilean argentinian bolivian samoan tongan
        fijian desi latine""",
        """woman women man men person people guy girl boy family parents descent origin heritage ancestry
        background american british canadian australian immigrant extraction community immigrants
        grandparents grandmother grandfather mother father mum mom dad wife husband lady kid kids""",
        "i m, im, i am, i m half, i am half, i m part, i am part, born, family is, parents are, mum is, mom is, dad is,"
        " mother is, father is, grandparents are",
        "as a, as an, british, dutch, german, french",
    ),
    "nl": (
        """zwart zwarte marokkaans marokkaanse turks turkse surinaams surinaamse antilliaans antilliaanse aziatisch
        aziatische arabisch arabische afrikaans afrikaanse koerdisch koerdische indonesisch indonesische moluks
        molukse eritrees eritrese syrisch syrische afghaans afghaanse somalisch somalische ghanees ghanese
        kaapverdiaans kaapverdiaanse pools poolse roemeens roemeense bulgaars bulgaarse chinees chinese
        hindostaans hindostaanse creools creoolse marokkaan marokkanen turk surinamer antilliaan afghaan syrier
        eritreeer somalier roemeen bulgaar koerd iraniër iraanse irakees iraakse nigeriaanse egyptische
        algerijnse tunesische libanese palestijnse filipijnse braziliaanse colombiaanse dominicaanse pakistaanse
        russische oekraiense indo""",
        "vrouw man mensen meisje jongen familie ouders afkomst achtergrond komaf nederlander nederlanders nederlandse ben",
        "ik ben, ik ben half, familie is, ouders zijn, moeder is, vader is",
        "als, als een",
    ),
    "de": (
        """schwarz schwarze schwarzer turkisch turkische turkischer arabisch arabische arabischer afrikanisch
        afrikanische asiatisch asiatische kurdisch kurdische polnisch polnischer russischstammig russisch
        russische syrisch syrische afghanisch afghanische eritreisch eritreische vietnamesisch vietnamesische
        marokkanisch marokkanische marokkanischer tunesisch tunesische algerisch algerische palastinensisch
        palastinensische iranisch iranische irakisch irakische nigerianisch nigerianische ghanaisch ghanaische
        somalisch somalische athiopisch athiopische kongolesisch kongolesische pakistanisch pakistanische
        philippinisch philippinische rumanisch rumanische bulgarisch bulgarische ukrainisch ukrainische serbisch
        serbische kroatisch kroatische bosnisch bosnische albanisch albanische kosovarisch kosovarische turke
        turkin araber araberin marokkaner marokkanerin pole polin russin vietnamesin inder inderin kurde kurdin""",
        "frau mann menschen person madchen junge familie eltern herkunft abstammung wurzeln deutsche deutscher",
        "ich bin, ich bin halb, familie ist, eltern sind, mutter ist, vater ist",
        "als, als ein, als eine",
    ),
    "fr": (
        """noir noire noirs noires arabe arabes maghrebin maghrebine africain africaine asiatique kabyle marocain
        marocaine algerien algerienne turc turque tunisien tunisienne senegalais senegalaise malien malienne
        ivoirien ivoirienne congolais congolaise camerounais camerounaise comorien comorienne haitien haitienne
        vietnamien vietnamienne chinois chinoise kurde syrien syrienne afghan afghane libanais libanaise
        egyptien egyptienne iranien iranienne irakien irakienne palestinien palestinienne mauritanien
        mauritanienne guineen guineenne beninois beninoise togolais togolaise burkinabe nigerian nigeriane
        ghaneen ghaneenne portugais portugaise polonais polonaise roumain roumaine ukrainien ukrainienne
        armenien armenienne cambodgien cambodgienne laotien laotienne indien indienne pakistanais pakistanaise
        tamoul tamoule antillais antillaise reunionnais reunionnaise martiniquais martiniquaise guadeloupeen
        guadeloupeenne guyanais guyanaise bresilien bresilienne colombien colombienne latino latina metisse""",
        "",
        "femme, homme, personne, je suis, je suis a moitie, famille, origine, origines, d origine, parents sont, mere est,"
        " pere est, famille est",
        "en tant que, franco",
    ),
    "es": (
        """negro negra negros negras gitano gitana gitanos indigena marroqui latino latina arabe asiatico asiatica
        africano africana ecuatoriano ecuatoriana colombiano colombiana peruano peruana dominicano dominicana
        venezolano venezolana rumano rumana senegales senegalesa chino china mestizo mestiza boliviano boliviana
        paraguayo paraguaya argentino chileno chilena cubano cubana hondureno hondurena salvadoreno salvadorena
        guatemalteco guatemalteca nicaraguense argelino argelina tunecino tunecina egipcio egipcia sirio siria
        libanes libanesa palestino palestina pakistani nigeriano nigeriana ghanes ghanesa maliense guineano
        guineana ecuatoguineano ecuatoguineana filipino filipina ucraniano ucraniana ruso rusa polaco polaca
        bulgaro bulgara georgiano georgiana armenio brasileno brasilena portugues portuguesa mapuche quechua
        aymara guarani kichwa saharaui""",
        "",
        "mujer, hombre, persona, soy, soy medio, soy mitad, mitad, familia, origen, de origen, madre es, padre es,"
        " padres son, familia es",
        "como, como una, como un",
    ),
}

#: Origin words that are also colours: no "as a …" phrase is made of them ("as a white
#: background").
_COLOURS = frozenset(
    [
        "black",
        "white",
        "zwart",
        "zwarte",
        "schwarz",
        "schwarze",
        "schwarzer",
        "noir",
        "noire",
        "noirs",
        "noires",
        "negro",
        "negra",
        "negros",
        "negras",
    ]
)

# --- other senses ----------------------------------------------------------------------------
#
# A sensitive word has ordinary senses that the words around it tell: "Cancer" in a horoscope,
# a depression over the Atlantic, a certificate's fingerprint, technical debt, a murder in a
# novel, a colleague's wedding. Each rule names the classes it may cancel, the matched words
# it is about (folded; ``x*`` a prefix; empty: any match of those classes), the cue words
# that show the other sense (same syntax), how many words either side of the match a cue is
# looked for, and how many words just before the match a person cue (:data:`PERSON_CUES`)
# keeps the sensitive sense ("my depression", "I'm depressed", "j'ai un cancer"; 0: never; a
# negative number: only a first-person cue (:data:`FIRST_PERSON`), "her" being maybe a cat).
# A person cue between a cue before the match and the match keeps it too ("in the film I
# had a panic attack"). Two optional fields follow: how many words after the match a cue is
# looked for (default: the reach; 0 for cues that only lead into a topic, "what is …"), and
# how many words after the match a person cue of the same kind keeps the sense ("what are the
# side effects of sertraline, I just started it"; default 0).
# Cue lists are written by kind of context (weather, markets, astrology, keys, games and
# fiction, statistics, other people's celebrations, greetings, general knowledge and study,
# the news and history, software, business money, sport, cooking), in all five languages.


class Rule(NamedTuple):
    """One rule of :data:`SENSES`: the classes it may cancel (comma-separated; empty: any), the
    matched words it is about (empty: any match of those classes), its cue words, how many
    words before the match (``reach``) and after it (``ahead``; -1: the reach) a cue is looked
    for, how many words before the match (``own``) and after it (``after``) a person cue keeps
    the sensitive sense (``own`` < 0: first-person cues only), and whether a cue right before
    the match (save a linking word) makes the match its topic whoever speaks (``topic``: "I'm
    taking a course on genetics")."""

    classes: str
    about: str
    cues: str
    reach: int
    own: int
    ahead: int = -1
    after: int = 0
    topic: bool = False


SENSES: dict[str, Rule] = {
    "astrology": Rule(
        "health",
        "cancer, krebs, kreeft",
        """horoscop*, horoskop*, horoscoop*, zodiac*, zodiaque, sternzeichen, tierkreis*, sterrenbeeld*,
        astrolog*, ascendant*, aszendent*, ascendente*, rising, season, saison, seizoen,
        temporada, moon, retrograde, aries, taurus, gemini, leo, virgo, libra, scorpio*, sagittari*,
        capricorn*, aquari*, pisces, widder, zwillinge, jungfrau, waage, skorpion, schutze, steinbock,
        wassermann, ram, stier, tweelingen, leeuw, maagd, weegschaal, schorpioen, boogschutter, steenbok,
        waterman, belier, taureau, gemeaux, vierge, sagittaire, capricorne, verseau, poissons, tauro,
        geminis, escorpio, sagitario, capricornio, acuario, piscis, tropic, tropique, tropico, keerkring,
        wendekreis""",
        8,
        3,
    ),
    "weather and markets": Rule(
        "health",
        "depress*, depresi*, deprim*",
        """atlanti*, weather, wetter*, weer, weerbericht*, meteo*, forecast*, isobar*, tiefdruck*, luchtdruk*,
        lagedruk*, rain*, regen, regent, pluie*, pluvieu*, lluvia*, storm*, sturm*, tempete*,
        tormenta*, wind, winds, windig, vent, vents, viento*, hurricane*, orkaan*, ouragan*, huracan*,
        cyclone*, zyklon*, cycloon*, tropical, tropisch*, tropicale*, tropicales, noordzee, nordsee,
        gulf, golfe, golfo, snow, sneeuw, schnee, neige, nieve, clouds, wolken, nuages, nubes,
        bewolking, kaltfront, econom*, okonom*, wirtschaft*, weltwirtschaft*, =1929, recession*,
        rezession*, recessie*, recesion*, market*, markt*, marche*, mercado*, beurs, borse, bourse, bolsa,
        crash, krach""",
        8,
        3,
    ),
    "keys and certificates": Rule(
        "biometrics",
        "finger*, vinger*, empreinte*, huella*",
        """certific*, zertifikat*, certificaat*, key, keys, schlussel*, sleutel*, cle, cles, clave, claves,
        ssh, gpg, pgp, tls, ssl, x509, hash*, sha*, md5, server*, browser*, navigateur*, navegador*, host,
        hosts, pubkey, openssh, device, apparaat, gerat*,
        appareil*, dispositivo*, fingerprinting, tracking""",
        8,
        1,
    ),
    "debt that is no money": Rule(
        "finance",
        "debt*, schuld*, dette*, deuda*",
        """technical, technisch*, technique*, tecnica*, tech, code, design, architectur*, ecological,
        ecologisch*, okologisch*, ecologique*, ecologica*, environmental, climate, klimaat*, klima*,
        climatique*, climatica*, carbon, sleep, slaap*, schlaf*, sommeil, sueno, karma, gratitude,
        dankbarkeit, moral, morele, moralisch*, morale, emotional""",
        2,
        0,
    ),
    "games": Rule(
        "finance, crime, family",
        "",
        """videogame*, videospel*, videospiel*, computerspiel*, videojuego*, jeu video, jeux video, monopoly,
        cluedo, chess, schaak*, schach*, echecs, ajedrez, boardgame*, board game, bordspel*, brettspiel*,
        jeu de societe, juego de mesa, npc, dungeon*, quest, playthrough, speedrun*, savegame, in the game,
        in het spel, in het spelletje, im spiel, dans le jeu, en el juego, my character, mijn personage,
        mein charakter, meine figur, mon personnage, mi personaje""",
        8,
        0,
    ),
    "fiction": Rule(
        "",
        "",
        """in the film, in the movie, in the novel, in the book, in the series, in the show, in the episode,
        in the play, in the story, in the song, in de film, in het boek, in de roman, in de serie, in het
        verhaal, in het liedje, im film, im roman, im buch, in der serie, in der folge, in der geschichte, im
        lied, im krimi, dans le film, dans le roman, dans le livre, dans la serie, dans l episode, dans la
        chanson, en la pelicula, en el libro, en la novela, en la serie, en el episodio, en la cancion,
        fictional, fictief*, fiktiv*, fictif*, ficticio*, sitcom, whodunit, murder mystery, krimi*,
        thriller*, drama, dramas, tatort, politieserie, serie policiere, serie policiaca, true crime, main character, the character, the characters, the protagonist, the hero, the heroine,
        the villain, het personage, de hoofdpersoon, die figur, die hauptfigur, der protagonist, le
        personnage, le heros, l heroine, el personaje, el protagonista, la protagonista, novel, novels,
        my novel, mijn roman, meinem roman, mon roman, mi novela, novela, chapter, hoofdstuk, kapitel,
        chapitre, capitulo, scene, szene, escena, plot, first act, eerste bedrijf, ersten akt, premier acte,
        primer acto, children s book, kinderboek, kinderbuch, livre jeunesse, libro infantil, the villain,
        de schurk, der schurke, le mechant, el villano, procedural, procedurals, serie, series, the film, the movie, the book, the show,
        de film, het boek, der film, das buch, le film, le livre, la pelicula, el libro, la novela, detective novel*,
        detective story, detective stories, detectiveroman*, detectiveverhaal, detektivroman*, detektivgeschichte*,
        roman policier, romans policiers, polar, polars, novela policiaca, novela negra, lees een detective,
        leest een detective, een roman, un roman, einen roman""",
        8,
        1,
    ),
    "animals": Rule(
        "health, family",
        "",
        """dog, dogs, puppy, puppies, cat, cats, kitten*, pet, pets, horse, horses, hamster*, rabbit*, parrot*,
        vet, hond, honden, hondje, puppy, kat, katten, poes, poesje, huisdier*, paard*, konijn*, hund, hunde,
        hundin, welpe*, katze*, kater, haustier*, pferd*, kaninchen, chien, chiens, chienne, chiot*, chat,
        chats, chatte, chaton*, cheval, chevaux, lapin*, perro, perros, perra, cachorro*, gato, gatos, gata,
        gatito*, mascota*, caballo*, conejo*, tamagotchi, pokemon""",
        15,
        -2,
    ),
    "processes": Rule(
        "crime, family",
        """kill*, gekillt, tuer, tue, matar, mata, child, children, kind, kinder, kinderen, parent*, eltern*,
        ouder*, enfant*, hijo*, padre*, zombie*""",
        """process*, proces, processen, prozess*, processus, proceso*, thread*, zombie*, daemon*, pid, sigkill,
        sigterm, subprocess*, kindprozess*, elternprozess*, kindproces*, ouderproces*, container*,
        cronjob*, kernel""",
        6,
        0,
    ),
    "sports": Rule(
        "crime",
        """theft, robbery, robbed, daylight robbery, robo, diefstal, diebstahl, vol, crime, crimen, crimineel,
        kriminell, criminal, murder, moord, mord, meurtre, asesinato, steal*, stole*, beraubt, gestolen,
        gestohlen, robado, vole, volee, atraco, escandalo""",
        """wedstrijd*, spiel, spiels, partido*, match, matches, game, scheids*, schiri*, arbitro*, arbitre*,
        referee*, ref, =var, penalty, penalti*, elfmeter*, strafschop*, goal, gol, goles, tor, tore,
        doelpunt*, football, voetbal*, fussball*, futbol*, soccer, league, liga, competitie, eredivisie,
        bundesliga, ligue, laliga, champions, derby, team, club, ploeg, mannschaft, equipo, equipe, ajax,
        feyenoord, psv, bayern, dortmund, betis, madrid, barca, barcelona, psg""",
        8,
        0,
    ),
    "places": Rule(
        "religion",
        """church*, kerk*, kirche*, eglise*, iglesia*, mosque*, moskee*, moschee*, mosquee*, mezquita*, synagog*,
        temple*, tempel*, cathedral*, kathedra*, catedral*, chapel*, kapel*, kapelle*, chapelle*, capilla*,
        lutheran*, luthers*, lutherisch*, catholic*, katholiek*, katholisch*, catholique*, catolic*,
        protestant*, anglican*, orthodox*""",
        """street, streets, straat, strasse, rue, calle, market, markt, marche, mercado, kerstmarkt,
        weihnachtsmarkt, mercadillo, corner, hoek, ecke, coin, esquina, next, naast, neben, near, nearby, bij,
        nahe, pres, cerca, opposite, tegenover, gegenuber, frente, square, plein, platz, place, plaza,
        architecture, architectuur, architektur, gothic, gotisch*, gothique, gotic*, tower, toren, turm,
        clocher, campanario, bells, klokken, glocken, cloches, campanas, concert*, konzert*, parking,
        parkeerplaats, parkplatz, restaurant*, cafe, bakery, bakkerij, backerei, boulangerie, panaderia,
        tourist*, toerist*, touris*, turist*, sightseeing, photo*, foto*""",
        6,
        -4,
    ),
    "everyday votes": Rule(
        "politics",
        "vot*, stem*, gestemd, gewahlt, wahle, votar, vote, votado, votamos",
        """pizza, lunch, dinner, name, naam, nom, nombre, namen, mascot*, mascotte, mascota, logo, design, colour,
        color, kleur, farbe, couleur, restaurant, song, poll, proposal, feature, features, date, datum,
        sondage, umfrage, encuesta, peiling, option, optie, option, opcion, menu, theme, thema, tema, talk,
        talks, film, movie, caption, meme, costume, kostuum, kostum, disfraz, playlist, cake, taart, kuchen,
        gateau, pastel, outing, uitje, ausflug, sortie, excursion, best, beste, besten, meilleur, meilleure,
        mejor, favourite, favorite, favoriet, lieblings*, prefere*, favorito*, award*, prijs, preis, prix,
        premio, contest, concours, concurso, wettbewerb, dessert, postre, nachtisch, toetje""",
        4,
        0,
    ),
    "pastimes": Rule(
        "health",
        "addict*, verslaafd*, verslaving, suchtig, accro*, adict*, enganchad*, obsessed, obsessie",
        """podcast*, show, shows, series, song, songs, album*, band, netflix, chocolate*, chocola*, schokolade,
        chocolat, candy, snoep, sushi, pizza, crossword*, kruiswoord*, wordle, puzzle*, sudoku*, anime,
        sitcom, serie, reeks, kdrama*, musical*, novels, knitting, breien, stricken, tricot*, tejer, gardening,
        tuinieren, gartenarbeit, jardinage, jardineria, lego, boardgames, bordspellen, brettspiele, yoga,
        pilates, running, hardlopen, laufen, courir, correr""",
        4,
        0,
    ),
    "strikes in the news": Rule(
        "union",
        "",
        """train, trains, trein, treinen, zug, zuge, bahn, metro, tube, bus, buses, bussen, tram, trams,
        flight*, vlucht*, flug, fluge, vol, vols, vuelo*, airport*, luchthaven, flughafen, aeroport*,
        aeropuerto*, pilot*, piloten, pilotes, controllers, verkeersleiders, fluglotsen, aiguilleurs,
        controladores, postal, post, correos, garbage, vuilnis, mull, mullabfuhr, dechets, eboueurs, basura,
        taxi*, ferry, ferries, veerboot, fahre, port, haven, hafen, puerto, teachers, leraren, lehrer,
        enseignants, profesores, doctors, artsen, arzte, medecins, medicos, news, nieuws, nachrichten,
        journal, noticias, commuters, forenzen, pendler, voyageurs, viajeros, passengers, reizigers,
        fahrgaste, vacanciers, travellers, travelers, miners, mijnwerkers, bergarbeiter, mineurs, mineros,
        dockers, havenarbeiders, hafenarbeiter, estibadores, cheminots, spoorwegpersoneel, eisenbahner,
        ferroviarios, metaller, metallos, metalurgicos, demands, eisten, eisen, forderungen, revendications,
        reivindicaciones, tren, trenes, autobuses, treinverkeer, zugverkehr, bahnverkehr, trafic, trafico,
        verkeer, verkehr, ns, sncf, renfe, ratp, bvg, deutsche bahn, lufthansa, klm, iberia, air france,
        ryanair, easyjet""",
        6,
        -3,
    ),
    "statistics": Rule(
        "crime, health, finance",
        "",
        """rate, rates, statistic*, statistiek*, statistik*, statistique*, estadistic*, cijfers, zahlen,
        quote, taux, tasa, tasas, indice, percent, percentage, procent, prozent, pourcent*, porcentaje*,
        nationwide, national, landelijk*, bundesweit, nationale*, nacional*, worldwide, wereldwijd*,
        weltweit, mondial*, mundial*""",
        3,
        3,
    ),
    "someone else's celebration": Rule(
        "family",
        "wedding*, bruiloft*, huwelijk*, hochzeit*, mariage*, boda*, trouwerij*",
        """colleague*, coworker*, friend, friends, neighbour*, neighbor*, boss, classmate*, collega*, vrienden,
        buurman, buurvrouw, buren, baas, klasgenoot*, kollege*, kollegin*, freunde*, freundes, nachbar*,
        chef*, collegue*, ami, amis, amie, amies, voisin*, patron*, companer*, amigo*, amiga*, vecin*,
        jefe*, couple, stel, paar""",
        3,
        0,
    ),
    "greetings": Rule(
        "religion",
        """diwali, ramadan, eid, hanukkah, chanukah, hanukah, hannukah, passover, pesach, pessach, navratri, holi,
        vesak, vaisakhi, christmas, easter, pasen, ostern, paques, pascua, kerst*, weihnacht*, noel, navidad,
        yom, rosh, purim, sukkot, iftar, suikerfeest, offerfeest, zuckerfest, opferfest, aid, januca,
        hanouka*, chanoeka, chanukka""",
        """happy, fijne, fijn, gezegende, frohe, frohes, frohen, gesegnete*, joyeux, joyeuse, joyeuses,
        bonne, bon, feliz, felices, mubarak, kareem, sameach, sameyach, greetings""",
        1,
        0,
    ),
    "slang": Rule(
        "health",
        "ziek, krank",
        "goed, gaaf, vet, man, mooi, lekker, nice, cool, wat, zo, gut, geil, krass, cool",
        1,
        3,
    ),
    # A question about a topic, the study of it, its history: the matter of the world, not the
    # user's, unless "I"/"my" stands just before the match, between the lead-in and it, or
    # just after it ("what is diabetes" — "what is the best diet for my diabetes"). The cues
    # lead into the topic, so they are looked for before the match only.
    "general knowledge and study": Rule(
        "",
        "",
        """what is, what are, what was, what were, what does, what do, what did, how does, how do, how is,
        how are, how did, how was, why does, why do, why did, why is, why are, explain, explains, define,
        definition, meaning of, the word, overview, summary, summarise, summarize, the history, historical,
        history of the, course on, course in, class on, lecture*, thesis, dissertation, essay, paper on,
        paper about, research, a study, case study, case studies, casus, fallstudie, etude de cas, estudio de
        caso, studies, textbook*, exam, seminar*, sociology, anthropology,
        theology, documentar*, museum*, exhibition, the causes, century, centuries, quiz, trivia,
        wat is, wat zijn, wat was, wat waren, wat betekent, wat betekenen, wat houdt, hoe werkt, hoe werken,
        hoe wordt, hoe worden, waarom, leg uit, uitleg, definitie, betekenis, het woord, overzicht,
        samenvatting, vat het, vat de, vat dit, geschiedenis, historisch*, vak, hoorcollege*, scriptie,
        werkstuk, paper, onderzoek, sociologie, documentaire*, tentoonstelling, eeuw, eeuwen,
        was ist, was sind, was war, was waren, was bedeutet, was heisst, wie funktioniert, wie funktionieren,
        wie wird, wie werden, warum, erklare, erklar, erklaere, bedeutung, das wort, uberblick,
        zusammenfassung, fasse, geschichte, vorlesung*, psychologiestudium, masterarbeit, bachelorarbeit,
        doktorarbeit, hausarbeit, forschung, studie, dokumentation*, doku, ausstellung*, jahrhundert*,
        soziologie, religionssoziologie,
        qu est ce que, qu est ce qu, c est quoi, que veut dire, que signifie, comment, pourquoi, explique,
        expliquer, definition, le mot, apercu, resume, resumer, histoire, historique*, cours de, cours sur,
        memoire, these, recherche, recherches, etude, etudes, sociologie, documentaire*, exposition, musee,
        siecle, quels sont, quelles sont, quel est, quelle est,
        que significa, que quiere decir, como funciona, como funcionan, como se, por que, explica, explicame,
        explicar, definicion, la palabra, resumen, resume, resumeme, resumelo, historia, historico*,
        curso de, curso sobre, clase de, tesis, tfg, tfm, trabajo sobre, investigacion, estudio sobre,
        sociologia, documental*, exposicion, museo, siglo, cuales son, cual es""",
        10,
        -4,
        0,
        3,
        True,
    ),
    # The news, an article, and what tells two things apart: the world's matters, cued on
    # either side ("… according to this article", "… how do type 1 and type 2 differ").
    "the news and differences": Rule(
        "",
        "",
        """news, article, articles, headline*, journalist*, according to, reported, reports, the press,
        difference between, differences between, differ, stand for, stands for,
        nieuws, artikel, krantenkop*, journalist, volgens het nieuws, de pers, verschil tussen,
        nachrichten, artikel, schlagzeile*, laut bericht, presse, unterschied zwischen, unterscheiden sich,
        informations, actualite*, journal, la presse, d apres cet, d apres l, difference entre, differences
        entre,
        noticias, articulo, periodico, la prensa, segun este, segun el articulo, diferencia entre, diferencian,
        se diferencian""",
        10,
        -4,
        10,
        3,
    ),
    # A party's programme, results and positions are the party's, not the user's vote.
    "a party's programme": Rule(
        "politics",
        "",
        """candidate*, kandidat*, candidat*, primary, primaries, vorwahl*, primaires, primarias, won the,
        programme, programmes, program, programma, programm, programa, verkiezingsprogramma*,
        partijprogramma*, wahlprogramm*, parteiprogramm*, manifesto, results, uitslag,
        uitslagen, ergebnis, ergebnisse, resultats, resultados, polls, peilingen, umfragen, sondages,
        encuestas, campaign promises""",
        8,
        -4,
        8,
        3,
    ),
    # Software: processes that die, abort or get killed, parent and child nodes, mock patients.
    "software": Rule(
        "health, family, crime",
        "",
        """process*, subprocess*, thread*, daemon*, container*, docker, kubernetes, pod, pods, node, nodes,
        knoop, knopen, kindknopen, ouderknoop, knoten, kindknoten, elternknoten, noeud, noeuds, nodo, nodos,
        tree, boom, baum, arbre, arbol, script, scripts, skript, function, functie, funktion, fonction,
        funcion, linter, code, codebase, repo, git, branch, commit, replica*, database, databases, datenbank,
        query, api, endpoint*, deploy*, pipeline, runner, compiler, kernel, exit, exitcode, sigkill, sigterm,
        stacktrace, exception, mock, mocks, unittest, unit test, unit, fixture*, stub, dummy, fake, nep,
        bash, shell, terminal, cronjob*, json, yaml, config, server, vm, heap, cpu, disk, schijf, platte,
        disque, disco, error, fout, fehler, erreur""",
        8,
        -2,
        8,
        2,
    ),
    # Roleplay and video games: a cleric's prayers, a Sims family.
    "roleplay": Rule(
        "religion, family",
        "",
        """roleplay, rollenspel, rollenspiel, jeu de role, rol, d d, dnd, sims, cheat, cheats, triche, truco,
        trucos, quest, npc""",
        8,
        0,
    ),
    # Sport: a player's injury, a foul, a killer serve, a shot.
    "sport": Rule(
        "health, crime",
        "",
        """training, entrainement, entrenamiento, trainingslager, match, wedstrijd, spiel, partido, game,
        season, seizoen, saison, temporada, tackle, foul, fout, sent off, red card, rood, rot, rouge, roja,
        ban, geschorst, gesperrt, suspension, sancion, serve, opslag, aufschlag, service, saque, shot, schot,
        schuss, tir, disparo, backhand, revers, reves, goal, doel, tor, but, gol, box, strafraum, surface,
        area, referee, scheidsrechter, schiri, arbitre, arbitro, player, players, striker, goalkeeper,
        keeper, defender, speler, spits, verteidiger, sturmer, torwart, joueur, attaquant, gardien, defenseur,
        jugador, delantero, portero, defensa""",
        8,
        -3,
        8,
        2,
    ),
    # Cooking: kosher salt, curing salmon, beating eggs.
    "cooking": Rule(
        "religion, health, crime",
        "",
        """salt, zout, salz, sel, sal, salmon, zalm, lachs, saumon, salmon, recipe*, recette*, eggs, eieren, eier, oeufs, huevos, sauce, saus, sosse, salsa, brine, pekel, lake,
        saumure, salmuera, oven, ofen, four, horno, dough, deeg, teig, pate, masa, marinade, marinate, bake,
        bakken, backen, cuire, hornear, gravlax, meersalz, zeezout, deli, delis, restaurant*, cuisine, food,
        keuken, kuche, cocina, bakery, bagel*, bakkerij, backerei, boulangerie, panaderia, menu, dish,
        gerecht, gericht, plat, plato""",
        6,
        3,
        6,
        2,
    ),
    # A policy, not politics: a company's or a service's rules ("la politique de télétravail",
    # "la política de devoluciones"), said by the noun the policy is about.
    "policies": Rule(
        "politics",
        "politique*, politica*, politik*",
        """teletravail, teletrabajo, thuiswerk*, homeoffice, entreprise, empresa, unternehmen*, rh, hr,
        cookies, confidentialite, privacidad, datenschutz*, securite, seguridad, sicherheit*, remboursement,
        reembolso*, retour, retours, devolucion*, acces, acceso, zugang*, sauvegarde, copias, backup*, mots de
        passe, contrasenas, passwort*, prix, precios, preis*, conges, vacaciones, urlaub*, voyage, voyages,
        viajes, reise*, retention, retencion, donnees, datos, daten, cache, groupe, grupo, qualite, calidad,
        qualitat*, achat, achats, compras, einkauf*, tarifaire, tarifaria, stockage, almacenamiento,
        garantie, garantia, livraison, envio*, annulation, cancelacion, utilisation, uso, usage""",
        0,
        -2,
        4,
        3,
    ),
    # An election in a club, a class or a board is no politics.
    "club elections": Rule(
        "politics",
        "election*, verkiezing*, wahl*, eleccion*, vote*, stem*",
        """club, clubs, clubvoorzitter*, verein*, vereniging*, association, asociacion, captain, kapitein,
        kapitan, capitaine, capitan, chair, chairman, chairwoman, chairperson, voorzitter*, vorsitz*,
        president du club, presidente del club, board, bestuur, vorstand, conseil d administration, junta,
        committee, comite, commissie, ausschuss, class representative, klassensprecher*, delegue*,
        delegado*, student council, leerlingenraad, schulerrat, team captain, aanvoerder*""",
        6,
        0,
    ),
    # A fingerprint smudge on a screen is dirt, not a biometric.
    "smudges": Rule(
        "biometrics",
        "finger*, vinger*, empreinte*, huella*",
        """smudge*, smear*, vlek*, veeg, vegen, fleck*, schmier*, tache*, trace, traces, mancha*, clean,
        cleaning, schoon, schoonmaken, sauber, putzen, nettoyer, nettoie, limpiar, limpio, limpia, wipe,
        afvegen, abwischen, essuyer, zit op het scherm, ist auf dem bildschirm, est sur l ecran, esta en la
        pantalla, on the screen, on the glass, op het glas, auf dem glas, sur la vitre, en el cristal""",
        6,
        0,
    ),
    # "The DNA of our company": a culture, not a genome.
    "a culture's DNA": Rule(
        "genetics",
        "dna, adn",
        """company, bedrijf, unternehmens, unternehmen, firma, entreprise, empresa, brand, merk, marke,
        marque, marca, team, culture, cultuur, kultur, cultura, organisation*, organisatie*, organizacion,
        club, city, stad, stadt, ville, ciudad, product, produit, producto, startup""",
        4,
        -2,
    ),
    # A library's or a parking fine is an everyday charge, not a crime.
    "everyday fines": Rule(
        "crime",
        "",
        """library, bibliotheek*, bibliothek*, bibliotheque*, biblioteca*, book, boek, buch, livre, libro,
        te laat inleveren, late return, en retard, devolver tarde""",
        8,
        -3,
    ),
    # Business money: a company's debt, a job ad's salary, a client's invoice, a bond.
    "business money": Rule(
        "finance",
        "",
        """company, companies, startup, shareholders, aandeelhouders, aktionare, actionnaires, accionistas,
        customers, klanten, kunden, clients, clientes, acquisition, overname, ubernahme, rachat, adquisicion,
        invoice, factuur, rechnung, facture, factura, quarter, kwartaal, quartal, trimestre, budget,
        begroting, project, projekt, projet, proyecto, annual report, jaarverslag, geschaftsbericht,
        rapport annuel, informe anual, job ad, job advert, job posting, vacature, stellenanzeige,
        stellenangebot, offre d emploi, oferta de empleo, range, banda, junior, public, publique, publica,
        publico, publieke, offentliche, national, nationale, government, state, etat, staat, estado,
        overheid, regierung, gouvernement, gobierno, write a, draft a, schreib,
        schreibe, schrijf, ecris, redige, escribe, redacta""",
        8,
        -4,
        8,
        3,
    ),
    # Software evicts cache entries and pods; only a home is an eviction.
    "software evictions": Rule(
        "finance",
        "evict*, ontruim*, desaloj*, expuls*, evince*",
        """cache, caches, pod, pods, container*, scheduler, kubelet, kubernetes, node, nodes, memory, geheugen,
        speicher, memoire, memoria, lru, entry, entries, key, keys, page, pages, buffer, redis, memcached,
        pressure, druk, druck, pression, presion""",
        8,
        -2,
    ),
    # The news followed for work: an election covered, not a vote cast.
    "the news for work": Rule(
        "politics",
        "election*, verkiezing*, wahl*, eleccion*",
        """coverage, verslaggeving, berichterstattung, couverture, cobertura, for work, for my job, voor mijn
        werk, voor het werk, voor mijn baan, fur die arbeit, fur meinen job, beruflich, pour le travail, pour
        mon travail, pour le boulot, por trabajo, para el trabajo, por mi trabajo, newspaper, krant, zeitung,
        periodico, newsroom, redactie, redaktion, redaction, redaccion""",
        8,
        0,
    ),
    # An organism's genome (a fly's, a plant's) is biology, not the user's genes.
    "an organism's genome": Rule(
        "genetics",
        "genom*, genoo*, genoma*",
        """fruit fly, fruitvlieg*, fruchtflieg*, drosophil*, mosca de la fruta, mosca, zebrafish, zebravis,
        zebrafisch, poisson zebre, pez cebra, mouse, mice, muis, muizen, maus, mause, souris, raton, ratones,
        yeast, gist, hefe, levure, levadura, bacteri*, bakteri*, virus, virussen, viren, plant, plants, plante,
        plantes, planta, plantas, pflanze*, rice, rijst, reis, riz, arroz, wheat, tarwe, weizen, ble, trigo,
        tomato*, tomaat, tomate*, maize, corn, chimpanzee*, chimpansee*, schimpanse*, chimpance*, neanderthal*,
        neandertal*, worm, worms, c elegans, arabidopsis, organism*, organisme*, organismo*, species, soort,
        soorten, espece*, especie*, animal, animals, dier, dieren, tier, tiere, animaux, animales""",
        8,
        -2,
    ),
}

#: Words that make a sentence about an animal, a character or a thing rather than a person:
#: looking back from a match, the first of these met before any person cue decides ("our
#: cat has cancer", "the main character suffers from depression", "mijn hond heeft artrose").
NOT_A_PERSON = frozenset(
    str.split(
        """dog dogs puppy puppies cat cats kitten kittens pet pets horse horses hamster rabbit parrot vet
        hond honden hondje kat katten poes poesje huisdier huisdieren paard paarden konijn dierenarts hund
        hunde hundin welpe katze katzen kater katzchen haustier haustiere pferd kaninchen tierarzt
        tierarztin chien chiens chienne chiot chiots chat chats chatte chaton chatons cheval lapin
        veterinaire perro perros perra cachorro gato gatos gata gatito mascota mascotas caballo conejo
        veterinario veterinaria character characters protagonist hero heroine villain personnage
        personnages heros personaje personajes protagonista heroe personage hoofdpersoon figur figuren
        charakter hauptfigur tamagotchi pokemon sims avatar paladin paladins cleric clerics wizard wizards druid
        druids warlock warlocks sorcerer sorcerers bard bards npc npcs kleriker magier zauberer clerc magicien
        sorcier clerigo mago hechicero"""
    )
)

#: Things people speak of as if ill, dead or on strike ("my battery is sick", "the plant died",
#: "mein Drucker streikt"): a subject for health, family and union only (a stolen car or a
#: phone that unlocks with a face is the user's).
THINGS = frozenset(
    str.split(
        """plant plants tree trees printer laptop server planten boom bomen pflanze pflanzen baum plante plantes
        arbre planta plantas arbol robot akku battery batterij accu batterie bateria phone telefoon handy
        telefono laptop computer pc auto car wagen coche voiture fiets bike fahrrad velo bici printer drucker
        imprimante impresora portatil rechner ordinateur ordenador router wlan wifi"""
    )
)
#: Other people a sentence may be about rather than the user: colleagues, friends and
#: neighbours, clients, players of a sport, public figures, characters of a case ("my
#: colleague's father passed away", "the striker's hamstring injury", "the senator was
#: arrested"). A first-person cue just after the match keeps it the user's ("my boss is suing
#: me"). Family members are not here: the user's family is itself a §3.1 class.
OTHERS = frozenset(
    str.split(
        """colleague colleagues coworker coworkers friend friends neighbour neighbours neighbor neighbors boss
        client clients customer customers player players striker goalkeeper keeper defender midfielder athlete
        coach referee senator mayor minister president politician celebrity actor actress singer author writer
        pope king queen prince princess ceo candidate detective
        collega collegas vriend vrienden vriendin buurman buurvrouw buren baas klant klanten speler spelers spits
        verdediger middenvelder scheidsrechter burgemeester wethouder premier politicus acteur actrice zanger
        zangeres schrijver paus koning koningin prins prinses rechercheur
        kollege kollegin kollegen freund freundin freunde nachbar nachbarin nachbarn chefin kunde kunden spieler
        spielerin sturmer torwart verteidiger trainer schiri schiedsrichter burgermeister ministerin prasident
        kanzler kanzlerin politiker schauspieler schauspielerin sanger sangerin autor autorin papst konig
        konigin prinz kommissar kommissarin
        collegue collegues ami amie amis amies voisin voisine voisins joueur joueuse joueurs attaquant gardien
        defenseur entraineur arbitre senateur maire ministre depute acteur actrice chanteur chanteuse auteur
        ecrivain pape roi reine princesse inspecteur inspectrice
        companero companera companeros companeras amigo amiga amigos amigas vecino vecina vecinos jefe jefa
        cliente clientes jugador jugadora jugadores delantero portero entrenador arbitro senador alcalde alcaldesa
        ministro ministra presidente presidenta diputado diputada actriz cantante escritor escritora rey reina
        principe princesa inspectora"""
    )
)

#: Organisations a sentence may be about ("the company's debt", "the startup filed for
#: bankruptcy"); "my company" or "our bank" (a first-person cue just before) is the user's own.
#: Only for the classes an organisation can hold itself (:data:`_HELD_BY_ORGANISATIONS`): a
#: bank that offers voice login records a person's voice.
ORGANISATIONS = frozenset(
    str.split(
        """company companies firm startup startups corporation government bank banks fund country
        bedrijf bedrijven firma onderneming overheid regering fonds pensioenfonds
        unternehmen konzern konzerns regierung fonds pensionskasse
        entreprise entreprises societe gouvernement banque fonds caisse
        empresa empresas compania gobierno banco fondo"""
    )
)
_HELD_BY_ORGANISATIONS = frozenset(("finance", "crime", "politics", "union"))
_SUBJECT_REACH = 5  # words looked back from a match for what it is about
#: Words that link a topic to what leads into it ("a course on genetics", "cours de génétique").
_LINKS = frozenset(
    str.split("on about of in the a de du des la le les l sur over van het een uber von der die das el los las sobre")
)
_NOTE_REACH = 12  # words looked back from a match for "the user" of a memory note
_THE_USER = frozenset(str.split("user nutzer nutzerin gebruiker gebruikster utilisateur utilisatrice usuario usuaria"))
_OWN_AFTER = 4  # words after a match where a first-person cue makes it the user's ("sued me")
#: First-person cues that make the user the object or owner of what comes before them ("sued
#: me", "biometric data from me"): not a subject, which starts a new clause ("… and I want").
_FIRST_OBJECT = FIRST_PERSON - frozenset(
    str.split(
        """i ive we ik wij ich wir je j nous yo nosotros user nutzer nutzerin gebruiker gebruikster utilisateur
        utilisatrice usuario usuaria soy estoy tengo tenia tuve estaba estuve puedo debo necesito quiero voy sufro
        tomo gano cobro llevo empece"""
    )
)
#: Words before another person that make the user one of the party ("with my colleagues").
_WITH = frozenset(str.split("with met mit avec con samen together zusammen ensemble junto juntos"))
#: Requests whose "me" is the one asking, not the one the matter is about ("help me write").
_ASKING = frozenset(
    str.split(
        """help tell give show let write hilf gib zeig sag schreib helpen geef laat vertel schrijf aide dis donne montre
    laisse ecris ayuda dime dame muestra deja escribe explain explique erklare erklar explica leg"""
    )
)
_MOST_REACH = max(max(rule.reach, rule.ahead) for rule in SENSES.values())

_GAP = 2  # words a ``*`` in a phrase may stand for
_COMPOUND_LEFT = 3  # letters a compound adds to its head or lead part at least ("onschuld" is no debt)
_CUE_WINDOW = 3  # words before a person-bound word searched for a person cue
_KEY_LETTERS = 4  # letters of a word the automaton looks for (then the stem decides)


@dataclass(frozen=True)
class SensitiveMatch:
    """One finding: the §3.1 class ``cls`` (or ``"benign"``), the vocabulary ``entry`` and its
    ``language``, and where it is: ``start``/``end`` index the words of :func:`fold`."""

    cls: str
    entry: str
    language: str
    start: int
    end: int


@dataclass(frozen=True)
class _Word:
    mode: Literal["stem", "exact", "prefix", "suffix", "infix", "head", "lead", "gap", "inflected"]
    form: str  # folded; the stem for "stem"
    surface: str  # folded, as written


@dataclass(frozen=True)
class _Entry:
    cls: str
    language: str
    text: str
    words: tuple[_Word, ...]
    personal: bool
    gated: bool  # counts only when the text may be in the entry's language
    origin: bool = False  # an origin word: counts only beside a person (:data:`ORIGIN_WORDS`)
    near: bool = False  # counts only with a person cue within a few words either side


_SPLIT = re.compile(r"[\W_]+")
#: Each ASCII byte as :func:`fold` reads it: a letter in lower case, a digit as it is, any other a space.
_ASCII_FOLD = bytes.maketrans(
    bytes(range(128)), bytes(ord(chr(code).lower()) if chr(code).isalnum() else 32 for code in range(128))
)
_FORMAT = re.compile("[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\U000e0000-\U000e007f]")
_LETTERS = str.maketrans({"œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "ı": "i"})


def fold(text: str) -> str:
    """``text`` as the classifier reads it: NFKC, format characters (zero-width spaces, bidi
    controls) removed, case-folded, accents stripped, every run of other characters than
    letters and digits one space, and a space at each end: ``"My mère’s"`` → ``" my mere s "``.
    Letters outside the Latin script are dropped (the vocabulary has none)."""
    if text.isascii():  # the common case, at C speed: one table lookup a byte
        return (b" " + b" ".join(text.encode("ascii").translate(_ASCII_FOLD).split()) + b" ").decode("ascii")
    text = _FORMAT.sub("", unicodedata.normalize("NFKC", text)).casefold().translate(_LETTERS)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return " " + " ".join(_SPLIT.sub(" ", text.lower()).split()) + " "


@cache
def _stemmer(language: str) -> Stemmer.Stemmer:
    return Stemmer.Stemmer(LANGUAGES[language])


@cache
def _common_stems(language: str, *, other: bool) -> dict[str, frozenset[str]]:
    """Stem (in ``language``) → the common words of ``language`` with that stem, or
    (``other``) of the common words of every other language."""
    words = (
        COMMON_WORDS[language]
        if not other
        else {word for lang, common in COMMON_WORDS.items() if lang != language for word in common}
    )
    stems: dict[str, set[str]] = {}
    for word in words:
        stems.setdefault(_stem(language, word), set()).add(word)
    return {stem: frozenset(found) for stem, found in stems.items()}


def _entry(cls: str, language: str, raw: str) -> _Entry | None:
    """One vocabulary entry read from its written form (see :data:`VOCABULARY`)."""
    text = " ".join(raw.split())
    personal = text.startswith("@")
    near = text.startswith("~")

    def stem(word: str) -> str:
        return _stem(language, word)

    own = _common_stems(language, other=False)
    words: list[_Word] = []
    for token in text.lstrip("@~").split():
        if token == "*":
            words.append(_Word("gap", "", ""))
            continue
        body = fold(token.strip("*=+")).split()
        if not body:
            continue
        if token.startswith("="):
            words += [_Word("exact", part, part) for part in body]
        elif token.startswith("*") and token.endswith("*") and len(body) == 1:
            words.append(_Word("infix", body[0], body[0]))
        elif token.startswith("+") and len(body) == 1:
            words.append(_Word("head", body[0], body[0]))
        elif token.endswith("+") and len(body) == 1:
            words.append(_Word("lead", body[0], body[0]))
        elif token.endswith("*"):
            words += [*(_Word("stem", stem(part), part) for part in body[:-1]), _Word("prefix", body[-1], body[-1])]
        elif token.startswith("*"):
            words += [_Word("suffix", body[0], body[0]), *(_Word("stem", stem(part), part) for part in body[1:])]
        else:
            for part in body:
                # A stem shared with a common word of the same language ("queer" and "que" in
                # Spanish) would match that word: such an entry matches only as written.
                clash = bool(own.get(stem(part), frozenset()) - {part})
                words.append(_Word("exact", part, part) if clash else _Word("stem", stem(part), part))
    if personal and len(words) == 1 and words[0].mode == "stem":
        # A word about a person is a noun with few forms: its plurals, not every word that
        # stems alike ("madre", "Madrid").
        words = [_Word("inflected", words[0].form, words[0].surface)]
    if not words or words[0].mode == "gap":
        return None
    others = _common_stems(language, other=True)
    first = words[0]
    if len(words) > 1 or language != "en":
        false_friend = False  # a phrase is never gated; another language's word always is
    elif first.mode == "stem":
        false_friend = any(word.startswith(first.surface[:_KEY_LETTERS]) for word in others.get(first.form, ()))
    elif first.mode in ("exact", "inflected"):
        false_friend = f" {first.surface} " in _joined_others(language)
    else:
        false_friend = any(_fits(first, word, language) for found in others.values() for word in found)
    # Most conversations are in English, where a Dutch or French word stemmed alike is a
    # stranger ("linkse" and "link", "opere" and "operation"): every single word of the other
    # languages is checked against the text's language; an English one only when it is a
    # common word elsewhere (English sensitive words do come up inside other languages).
    gated = len(words) == 1 and (false_friend or language != "en")
    return _Entry(cls, language, text, tuple(words), personal, gated, near=near)


@cache
def _joined_others(language: str) -> str:
    """The common words of the other languages, one space around each."""
    return (
        " " + " ".join(sorted({word for found in _common_stems(language, other=True).values() for word in found})) + " "
    )


@dataclass(frozen=True)
class _OriginContext:
    """Of one language's :data:`ORIGIN_WORDS`: the stems of the person words that may follow
    an origin word, and the word runs that may lead to one (all, or all but colours)."""

    after: frozenset[str]
    before: tuple[tuple[str, ...], ...]
    as_a: tuple[tuple[str, ...], ...]


@cache
def _origin_context(language: str) -> _OriginContext:
    _, after, before, as_a = ORIGIN_WORDS[language]
    return _OriginContext(
        frozenset(_stem(language, word) for word in fold(after).split()),
        tuple(tuple(fold(lead).split()) for lead in before.split(",") if lead.strip()),
        tuple(tuple(fold(lead).split()) for lead in as_a.split(",") if lead.strip()),
    )


def _beside_a_person(words: list[str], index: int, entry: _Entry) -> tuple[int, int] | None:
    """Where an origin word at ``words[index]`` makes a phrase about a person, as
    (start, end) word indexes: followed by a person word ("Turkish descent") or led by a
    person's words ("I'm half Mexican", "as a Latina"); else None."""
    context = _origin_context(entry.language)
    if index + 1 < len(words) and _stem(entry.language, words[index + 1]) in context.after:
        return index, index + 2
    leads = context.before if words[index] in _COLOURS else context.before + context.as_a
    for lead in sorted(leads, key=len, reverse=True):
        if index >= len(lead) and tuple(words[index - len(lead) : index]) == lead:
            return index - len(lead), index + 1
    return None


def _key(entry: _Entry) -> str:
    """The automaton key that finds an entry, at a word start: its short leading words as
    written, then the part of the next word that its surface form and stem share (at least
    :data:`_KEY_LETTERS` letters: ``" in debt"``, ``" divorc"``); a word of one or two letters
    is taken whole (``" ex "``). For a ``*suffix`` first word: the suffix at a word end."""
    first = entry.words[0]
    if first.mode in ("suffix", "head"):
        return first.form + " "
    if first.mode == "lead":
        return " " + first.form
    if first.mode == "infix":
        return first.form
    if first.mode == "inflected":  # a word of two letters ("ex") is found whole
        return " " + first.surface[:_KEY_LETTERS] + (" " if len(first.surface) <= 2 else "")
    parts = []
    for word in entry.words:
        if word.mode in ("gap", "suffix", "infix", "inflected", "head", "lead"):
            break
        if word.mode in ("exact", "prefix"):
            # an exact last word is found whole ("=sp" is not the start of "spend")
            parts.append(word.form + " " if word.mode == "exact" and word is entry.words[-1] else word.form)
            if word.mode == "prefix":
                break
            continue
        if word.form == word.surface and len(word.surface) <= 2:
            parts.append(word.surface + " ")  # "ex", "in": the whole word, and on
            continue
        if word.form == word.surface and (len(word.surface) <= _KEY_LETTERS or word is not entry.words[-1]):
            # a word its stem leaves alone, short or followed by another: take it whole, go on
            parts.append(word.surface)
            continue
        shared = next(
            (i for i, (a, b) in enumerate(zip(word.surface, word.form, strict=False)) if a != b),
            min(len(word.surface), len(word.form)),
        )
        parts.append(word.surface[: max(shared, min(_KEY_LETTERS, len(word.surface)))])
        break
    return " " + " ".join(part.rstrip() for part in parts) + (" " if parts[-1].endswith(" ") else "")


@dataclass(frozen=True)
class _Keyed:
    """The entries one automaton key finds: those whose first word is stem-matched, by
    language and stem, and the others (matched word by word)."""

    key: str
    by_stem: dict[str, dict[str, tuple[int, ...]]]
    others: tuple[int, ...]


@dataclass(frozen=True)
class _Vocabulary:
    entries: tuple[_Entry, ...]
    automaton: ahocorasick.Automaton
    reach: int  # the most words an entry's pattern reads from its first word on (:func:`_reach`)
    #: (automaton key, word, next word) → the entries that key finds whose first two words fit
    #: them (:func:`_survivors`); bounded by :data:`_SURVIVORS`.
    survivors: dict[tuple[str, str, str], tuple[int, ...]] = field(default_factory=dict, compare=False)


@cache
def _vocabulary() -> _Vocabulary:
    """Every entry of :data:`VOCABULARY`, :data:`ORIGIN_WORDS` and :data:`BENIGN`, and one
    automaton over their keys (built once, on first use)."""
    listed = [
        (cls, language, raw)
        for vocabulary in (VOCABULARY, DOMAINS, KINDS)
        for cls, table in vocabulary.items()
        for language, raw in _listed(table)
    ]
    listed += [("health", language, raw) for language in BODY_PARTS for raw in _complaints(language).split(",")]
    listed += [("benign", language, raw) for language, raw in _listed(BENIGN)]
    entries = [entry for cls, language, raw in listed if (entry := _entry(cls, language, raw)) is not None]
    for language, (origins, *_) in ORIGIN_WORDS.items():
        for origin in origins.split():
            if (entry := _entry("ethnicity", language, f"={origin}")) is not None:
                entries.append(replace(entry, gated=False, origin=True))
    by_key: dict[str, tuple[dict[str, dict[str, list[int]]], list[int]]] = {}
    for index, entry in enumerate(entries):
        stems, others = by_key.setdefault(_key(entry), ({}, []))
        first = entry.words[0]
        if first.mode == "stem":
            stems.setdefault(entry.language, {}).setdefault(first.form, []).append(index)
        else:
            others.append(index)
    automaton = ahocorasick.Automaton()
    for key, (stems, others) in by_key.items():
        frozen = {lang: {form: tuple(ids) for form, ids in forms.items()} for lang, forms in stems.items()}
        automaton.add_word(key, _Keyed(key, frozen, tuple(others)))
    automaton.make_automaton()
    return _Vocabulary(tuple(entries), automaton, max(_reach(entry.words) for entry in entries))


def _reach(pattern: tuple[_Word, ...]) -> int:
    """How many words :func:`_rest` may read for ``pattern``: one per word, :data:`_GAP` per gap."""
    return sum(_GAP if word.mode == "gap" else 1 for word in pattern)


def _listed(table: dict[str, str]) -> list[tuple[str, str]]:
    return [(language, raw) for language, listing in table.items() for raw in listing.split(",") if raw.strip()]


@lru_cache(maxsize=65_536)
def _stem(language: str, word: str) -> str:
    return _stemmer(language).stemWord(word)


def _fits(word: _Word, text_word: str, language: str) -> bool:
    if word.mode == "stem":
        return text_word.startswith(word.surface[:_KEY_LETTERS]) and _stem(language, text_word) == word.form
    if word.mode == "exact":
        return text_word == word.form
    if word.mode == "prefix":
        return text_word.startswith(word.form)
    if word.mode == "infix":
        return word.form in text_word
    if word.mode == "head":
        return text_word.endswith(word.form) and len(text_word) >= len(word.form) + _COMPOUND_LEFT
    if word.mode == "lead":
        return text_word.startswith(word.form) and len(text_word) >= len(word.form) + _COMPOUND_LEFT
    if word.mode == "inflected":
        return text_word == word.surface or (
            text_word.startswith(word.surface[:-1]) and _plural(word.surface[-1:], text_word[len(word.surface) - 1 :])
        )
    return text_word.endswith(word.form)


@cache
def _plural_tails(last: str) -> frozenset[str]:
    tails = {last + ending for ending in ("", "s", "es", "n", "en", "e", "er", "ern", "ns", "sen", "ren")}
    return frozenset(tails | ({"ies"} if last == "y" else set()))


def _plural(last: str, tail: str) -> bool:
    """Whether ``tail`` (from a noun's last letter ``last`` on) makes one of its plural or
    case forms in the five languages ("mother" "mothers", "Frau" "Frauen", "baby" "babies")."""
    return tail in _plural_tails(last)


def _rest(words: list[str], at: int, pattern: tuple[_Word, ...], language: str) -> int | None:
    """The index after the last text word when ``words[at:]`` continue ``pattern``, else None."""
    for position, head in enumerate(pattern):
        if head.mode == "gap":
            tail = pattern[position + 1 :]
            for skip in range(_GAP + 1):
                end = _rest(words, at + skip, tail, language)
                if end is not None:
                    return end
            return None
        if at >= len(words) or not _fits(head, words[at], language):
            return None
        at += 1
    return at


def _may_be_in(words: list[str]) -> frozenset[str]:
    """The languages of the five the folded ``words`` may be written in: those whose common
    words (:data:`COMMON_WORDS`) the text uses more than half as much as the leading language
    does, a word common to several languages counting for each a share ("die" half for Dutch,
    half for German); all five when it uses none. Function words tell the language of a short
    sentence better than letter statistics do, and cost nothing."""
    weights = _common_weights()
    scores = dict.fromkeys(COMMON_WORDS, 0.0)
    for word in words:
        for language, weight in weights.get(word, ()):
            scores[language] += weight
    best = max(scores.values())
    if best == 0:
        return frozenset(COMMON_WORDS)
    return frozenset(language for language, score in scores.items() if score * 2 > best)


@cache
def _common_weights() -> dict[str, tuple[tuple[str, float], ...]]:
    """Common word → (language, 1 / the number of the five languages it is common in)."""
    found: dict[str, list[str]] = {}
    for language, common in COMMON_WORDS.items():
        for word in common:
            found.setdefault(word, []).append(language)
    return {word: tuple((lang, 1 / len(langs)) for lang in langs) for word, langs in found.items()}


def sensitive_matches(text: str) -> tuple[SensitiveMatch, ...]:
    """Every sensitive-class match in ``text``, benign phrases applied, in text order.

    Pure; never raises for a string. ``start``/``end`` index the words of :func:`fold`.
    """
    return folded_matches(fold(text))


def folded_matches(folded: str) -> tuple[SensitiveMatch, ...]:
    """:func:`sensitive_matches` for a text already folded by :func:`fold` (a detector folds
    the user's messages once, joined by a separator word, and asks once)."""
    vocabulary = _vocabulary()
    words: list[str] = []  # the whole text's words, split once an entry matches: most texts have none
    found: list[SensitiveMatch] = []
    languages: frozenset[str] | None = None
    counted = spaces = 0  # the spaces before offset ``counted``, counted on from hit to hit
    remembered = vocabulary.survivors
    for end, keyed in vocabulary.automaton.iter(folded):
        key = keyed.key
        if key.startswith(" "):
            begin = end - len(key) + 1  # the space before the word
        else:  # a word ending: find the space before the word
            begin = folded.rfind(" ", 0, end - len(key) + 1)
        after = folded.find(" ", begin + 1)
        if after == -1:
            after = len(folded)
        following = folded.find(" ", after + 1)
        # The word and the next one ("" at the end): most hits go no further than these two.
        pair = (key, folded[begin + 1 : after], folded[after + 1 : following] if following != -1 else "")
        candidates = remembered.get(pair)
        if candidates is None:
            candidates = _survivors(vocabulary, keyed, *pair[1:])
        if not candidates:
            continue
        # words before this one (folded starts with a space and has one between words)
        spaces += folded.count(" ", counted, begin) if begin >= counted else -folded.count(" ", begin, counted)
        index, counted = spaces, begin
        # Each entry is tried on the few words from this one on (never more than the longest
        # pattern reads); the whole text is split only once one fits.
        reach = vocabulary.reach
        ahead = words[index : index + reach] if words else _ahead(folded, begin, reach)
        for entry_index in candidates:
            entry = vocabulary.entries[entry_index]
            length = _rest(ahead, 0, entry.words, entry.language)
            if length is None:
                continue
            if not words:
                words = folded.split()
            start, stop = index, index + length
            if entry.origin:
                if (span := _beside_a_person(words, index, entry)) is None:
                    continue
                start, stop = span
            if entry.personal and not PERSON_CUES.intersection(words[max(0, index - _CUE_WINDOW) : index]):
                continue
            if entry.near and PERSON_CUES.isdisjoint(words[max(0, index - _CUE_WINDOW) : stop + _CUE_WINDOW]):
                continue
            if entry.gated:
                if languages is None:
                    languages = _may_be_in(words)
                if entry.language not in languages:
                    continue
            found.append(SensitiveMatch(entry.cls, entry.text, entry.language, start, stop))
    kept = _resolve(found)
    if not kept:
        return kept
    cued = _cue_positions(words, kept)
    # Several entries often match the same words ("pray", "prays", "praying"): the words
    # around, and so the answer, are the same for each class and span.
    ordinary: dict[tuple[str, int, int], bool] = {}
    for match in kept:
        place = (match.cls, match.start, match.end)
        if place not in ordinary:
            ordinary[place] = _in_another_sense(words, match, cued)
    return tuple(match for match in kept if not ordinary[match.cls, match.start, match.end])


@dataclass(frozen=True)
class _Cues:
    """Folded words, prefixes (``x*``) and phrases of several words."""

    words: frozenset[str]
    prefixes: tuple[str, ...]
    phrases: dict[str, tuple[tuple[str, ...], ...]]  # by their first word

    def at(self, words: list[str], index: int, stop: int) -> bool:
        """Whether one of these starts at ``words[index]`` and ends before ``words[stop]``."""
        word = words[index]
        if word in self.words or (self.prefixes and word.startswith(self.prefixes)):
            return True
        return any(
            index + len(phrase) <= stop and tuple(words[index : index + len(phrase)]) == phrase
            for phrase in self.phrases.get(word, ())
        )


@dataclass(frozen=True)
class _Sense:
    """One rule of :data:`SENSES`, read: the classes it may cancel (empty: any), the matched
    words it is about (empty: any), its cue words, its reaches in words and whether a cue
    right before the match makes it its topic (see :class:`Rule`)."""

    classes: frozenset[str]
    about: _Cues
    cues: _Cues
    reach: int
    own: int
    ahead: int
    after: int
    topic: bool
    index: int  # its place in :data:`SENSES`


def _cues(listing: str) -> _Cues:
    """A comma-separated list of words (``=x`` or ``x``), prefixes (``x*``) and phrases, read."""
    raws = [raw.strip().lstrip("=") for raw in listing.split(",") if raw.strip()]
    prefixes = tuple(sorted(fold(raw.rstrip("*")).strip() for raw in raws if raw.endswith("*")))
    folded = [tuple(fold(raw).split()) for raw in raws if not raw.endswith("*")]
    phrases: dict[str, list[tuple[str, ...]]] = {}
    for words in folded:
        if len(words) > 1:
            phrases.setdefault(words[0], []).append(words)
    return _Cues(
        frozenset(words[0] for words in folded if len(words) == 1),
        prefixes,
        {first: tuple(found) for first, found in phrases.items()},
    )


@cache
def _senses(cls: str) -> tuple[_Sense, ...]:
    """The rules of :data:`SENSES` that may cancel a match of class ``cls``."""
    return tuple(sense for sense in _all_senses() if not sense.classes or cls in sense.classes)


@cache
def _all_senses() -> tuple[_Sense, ...]:
    """Every rule of :data:`SENSES`, read."""
    return tuple(
        _Sense(
            frozenset(fold(rule.classes).split()),
            _cues(rule.about),
            _cues(rule.cues),
            rule.reach,
            rule.own,
            rule.reach if rule.ahead < 0 else rule.ahead,
            rule.after,
            rule.topic,
            index,
        )
        for index, rule in enumerate(SENSES.values())
    )


@cache
def _cue_owners() -> tuple[dict[str, frozenset[int]], tuple[tuple[str, frozenset[int]], ...]]:
    """Which rules (their index) a word may start a cue of: by the word (a phrase by its first
    word), and by prefix."""
    words: dict[str, set[int]] = {}
    prefixes: dict[str, set[int]] = {}
    for sense in _all_senses():
        for word in (*sense.cues.words, *sense.cues.phrases):
            words.setdefault(word, set()).add(sense.index)
        for prefix in sense.cues.prefixes:
            prefixes.setdefault(prefix, set()).add(sense.index)
    return (
        {word: frozenset(found) for word, found in words.items()},
        tuple((prefix, frozenset(found)) for prefix, found in sorted(prefixes.items())),
    )


@cache
def _any_cue() -> _Cues:
    """Every cue of :data:`SENSES` at once (phrases by their first word)."""
    every = [_cues(rule.cues) for rule in SENSES.values()]
    return _Cues(
        frozenset().union(*(cues.words for cues in every), *(cues.phrases for cues in every)),
        tuple(sorted({prefix for cues in every for prefix in cues.prefixes})),
        {},
    )


def _cue_positions(words: list[str], matches: tuple[SensitiveMatch, ...]) -> tuple[int, ...]:
    """Where in ``words`` a cue of some rule of :data:`SENSES` may start, looked for only
    within the longest reach of each match: the cost follows the matches, not the text."""
    cues = _any_cue()
    listed, prefixes = cues.words, cues.prefixes
    looked: set[int] = set()
    for match in matches:
        looked.update(range(max(0, match.start - _MOST_REACH), min(len(words), match.end + _MOST_REACH)))
    return tuple(at for at in sorted(looked) if (word := words[at]) in listed or word.startswith(prefixes))


def _about_someone_else(words: list[str], match: SensitiveMatch) -> bool:
    """Whether, looking back from ``match``, what it is said of is not the user: an animal, a
    character or a thing (:data:`NOT_A_PERSON`, :data:`THINGS`) met before any person cue, or
    another person or an organisation (:data:`OTHERS`, :data:`ORGANISATIONS`) met before a
    first-person cue ("my colleague's father died", "the company's debt", "the striker's
    injury") — unless a first-person cue follows the match ("my boss is suing me") or "my"
    owns the organisation ("my company went bankrupt")."""
    start, end = match.start, match.end
    if not FIRST_PERSON.isdisjoint(words[start:end]):  # "mijn rekening * geblokkeerd"
        return False
    window = words[max(0, start - _SUBJECT_REACH) : start]
    animal = True  # a third-person cue ("her") may be a cat's owner: then no animal decides
    for back, word in enumerate(reversed(window), 1):
        if word in FIRST_PERSON:
            return False
        if word in PERSON_CUES:
            animal = False
            continue
        if animal and (word in NOT_A_PERSON or (word in THINGS and match.cls in ("health", "family", "union"))):
            return True
        other = word in OTHERS
        if other or (word in ORGANISATIONS and match.cls in _HELD_BY_ORGANISATIONS):
            before = words[max(0, start - back - 2) : start - back]
            if _person_after(words, end, _OWN_AFTER, _FIRST_OBJECT) or not _WITH.isdisjoint(before):
                return False  # "my boss is suing me", "on strike with my colleagues"
            return other or not before or before[-1] not in FIRST_PERSON
    return False


def _leads_into(words: list[str], at: int, start: int, cues: _Cues) -> bool:
    """Whether a cue at ``words[at]`` ends right before ``words[start]``, or one linking word
    (:data:`_LINKS`) before it: "a course on genetics", "un cours de génétique"."""
    for stop in (start, start - 1):
        if stop > at and (stop == start or words[stop] in _LINKS) and cues.at(words, at, stop):
            ends = [at + 1] if words[at] in cues.words or words[at].startswith(cues.prefixes) else []
            ends += [at + len(phrase) for phrase in cues.phrases.get(words[at], ())]
            if stop in ends:
                return True
    return False


def _person_after(words: list[str], end: int, reach: int, persons: frozenset[str]) -> bool:
    """Whether one of ``persons`` stands in the ``reach`` words after a match, as its object
    or owner ("the bank wants biometric data from me"), not as the one asking ("…, help me
    write a card", "explique-moi")."""
    for at in range(end, min(len(words), end + reach)):
        if words[at] in persons and (at == 0 or words[at - 1] not in _ASKING):
            return True
    return False


def _in_another_sense(words: list[str], match: SensitiveMatch, cued: tuple[int, ...] = ()) -> bool:
    """Whether the words around ``match`` give it an ordinary sense: it is said of someone or
    something else than the user (:func:`_about_someone_else`), or a rule of :data:`SENSES`
    finds a cue within its reach — for a rule that a person keeps (``own`` ≠ 0), with no
    person cue just before the match, nor between a cue and the match, nor (``after``) just
    after it."""
    if _about_someone_else(words, match):
        return True
    start, end = match.start, match.end
    near = [at for at in cued if start - _MOST_REACH <= at < start or end <= at < end + _MOST_REACH]
    if not near:
        return False
    # a memory note about the user ("El usuario es portador … según su test") is the user's
    noted = not _THE_USER.isdisjoint(words[max(0, start - _NOTE_REACH) : start])
    # only the rules with a cue among the words near the match are tried
    owners, prefixed = _cue_owners()
    every_prefix = _any_cue().prefixes
    present: set[int] = set()
    for at in near:
        word = words[at]
        present.update(owners.get(word, ()))
        if word.startswith(every_prefix):
            for prefix, found in prefixed:
                if word.startswith(prefix):
                    present.update(found)
    for sense in _senses(match.cls):
        if sense.index not in present:
            continue
        about = sense.about
        if (about.words or about.prefixes) and not any(about.at(words, at, end) for at in range(start, end)):
            continue
        persons, own = (PERSON_CUES, sense.own) if sense.own >= 0 else (FIRST_PERSON, -sense.own)
        first = max(0, start - sense.reach)
        if sense.after and _person_after(words, end, sense.after, persons):
            continue
        if sense.topic and any(_leads_into(words, at, start, sense.cues) for at in near if first <= at < start):
            return True
        if own and not persons.isdisjoint(words[max(0, start - own) : end]):
            continue
        if sense.own < 0 and noted:
            continue
        for at in reversed(near):
            if first <= at < start and sense.cues.at(words, at, start):
                # a person named between the cue and the match keeps its sense ("in the film I had a panic attack")
                if not (own and not persons.isdisjoint(words[at + 1 : start])):
                    return True
            elif end <= at < end + sense.ahead and sense.cues.at(words, at, min(len(words), end + sense.ahead)):
                return True
    return False


#: Word pairs whose surviving entries :func:`_survivors` remembers, at most (then it starts afresh).
_SURVIVORS = 65_536


def _survivors(vocabulary: _Vocabulary, keyed: _Keyed, word: str, following: str) -> tuple[int, ...]:
    """The entries ``keyed`` finds at ``word`` (their first word stem-matched by language, or
    any other) whose first word fits ``word`` and whose second word, unless a gap, fits the
    ``following`` one ("" when the text ends there): those :func:`_rest` may still match.
    Most phrases fail at their first or second word, and the same two words come back often:
    the answer is remembered for each (key, word, next word)."""
    remembered = vocabulary.survivors
    found = remembered.get((keyed.key, word, following))
    if found is not None:
        return found
    candidates = [*keyed.others]
    for language, forms in keyed.by_stem.items():
        candidates += forms.get(_stem(language, word), ())
    kept = []
    for index in candidates:
        entry = vocabulary.entries[index]
        first, *rest = entry.words
        if not _fits(first, word, entry.language):
            continue
        if rest and rest[0].mode != "gap" and not (following and _fits(rest[0], following, entry.language)):
            continue
        kept.append(index)
    if len(remembered) >= _SURVIVORS:
        remembered.clear()
    found = remembered[(keyed.key, word, following)] = tuple(kept)
    return found


def _ahead(folded: str, begin: int, count: int) -> list[str]:
    """The first ``count`` words of ``folded`` after offset ``begin`` (a space), or all that
    are left when fewer: what :func:`_rest` reads of them, without splitting the whole text."""
    window = folded[begin : begin + 16 * count]  # most words are short: one slice holds them
    if begin + 16 * count >= len(folded):
        return window.split()
    found = window.split()
    if found:
        found.pop()  # it may be cut
    if len(found) >= count:
        return found
    stop = begin
    for _ in range(count):
        stop = folded.find(" ", stop + 1)
        if stop == -1:
            return folded[begin:].split()
    return folded[begin:stop].split()


def _outweighs(benign: SensitiveMatch, match: SensitiveMatch) -> bool:
    """Whether a benign phrase cancels ``match``: it overlaps it, and ``match`` is not a
    longer phrase around it ("partij voor de dieren" around "partij voor")."""
    overlaps = benign.start < match.end and match.start < benign.end
    around = (
        match.start <= benign.start and benign.end <= match.end and match.end - match.start > benign.end - benign.start
    )
    return overlaps and not around


def _resolve(found: list[SensitiveMatch]) -> tuple[SensitiveMatch, ...]:
    """Drop every match a benign phrase overlaps ("union of" in "the union of two sets")
    unless it is a longer phrase around it, and a match that a longer one covers; then drop
    the benign phrases themselves."""
    benign = [match for match in found if match.cls == "benign"]
    kept = set()
    for match in found:
        if match.cls == "benign" or any(_outweighs(b, match) for b in benign):
            continue
        covered = any(
            other is not match
            and other.start <= match.start
            and match.end <= other.end
            and other.end - other.start > match.end - match.start
            for other in found
        )
        if not covered:
            kept.add(match)
    return tuple(sorted(kept, key=lambda m: (m.start, m.end, m.cls, m.entry)))


def sensitive_classes(text: str) -> frozenset[str]:
    """The §3.1 classes ``text`` speaks of (possibly none); see :func:`sensitive_class`."""
    return frozenset(match.cls for match in sensitive_matches(text))


def sensitive_class(text: str) -> SensitiveClass | None:
    """The §3.1 class a text speaks of — ``"health"``, ``"finance"``, ``"family"``,
    ``"politics"``, ``"religion"``, ``"ethnicity"``, ``"sexuality"``, ``"biometrics"``,
    ``"genetics"``, ``"union"`` or ``"crime"`` — or ``None``. When several match, the first
    in :data:`CLASSES` order is named. Used by admission on implicit proposals, by the
    ``[sensitive]`` badge and by the detectors (DESIGN.md §3.1). Never raises for a string.
    """
    return first_class(sensitive_matches(text))


def first_class(matches: tuple[SensitiveMatch, ...]) -> SensitiveClass | None:
    """The class of ``matches`` first in :data:`CLASSES` order, or ``None`` for no match."""
    classes = {match.cls for match in matches}
    for cls in CLASSES:
        if cls in classes:
            return cls
    return None
