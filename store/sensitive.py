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
  word (compounds: ``*sucht`` finds "Spielsucht"); ``=word`` matches exactly (acronyms).
- **Phrases.** Most entries are phrases (``panic attack``, ``see * shrink`` — ``*`` stands
  for up to two words), found with an Aho–Corasick automaton (pyahocorasick) over the words.
- **Context.** A word that is only sensitive about a person (``@parent``, ``@mother``,
  ``@doctor``) needs a person just before it — a possessive or pronoun within three words
  (``my``, ``mijn``, ``meine``, ``ma``, ``mi``, ``I``, ``user``…): "my parents" is family,
  "the parent directory" is not. Ordinary uses of a sensitive word are listed as benign
  phrases (``white paper``, ``genetic algorithm``, ``office politics``); where two matches
  overlap the longer one decides, so a benign phrase cancels the word inside it.
- **Language.** A single vocabulary word of Dutch, German, French or Spanish, and an English
  one that is also a common word of another of the five languages (English "son" and
  Spanish "son"), counts only when the text may be in the word's language, told by the
  common words it uses (:func:`_may_be_in`: on one short sentence function words beat the
  letter statistics of a detector such as lingua, which the language detector uses on whole
  samples). Phrases and English words count in any language: people mix English into their
  own ("ik heb panic attacks").

Measured by ``bench/sensitive_quality.py`` on the labelled sentences in ``tests/data/sensitive/``
(recall on sensitive sentences, false positives on ordinary ones, per class and language).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

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
# a gap of up to two words; ``x*`` a word starting with x; ``*x`` a word ending with x; ``=x``
# exactly x; a leading ``@`` marks an entry that needs a person just before it. Accents may
# be written or not (they are removed on both sides).

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
            burnout, burn out, *sucht, sucht, suchtig, *suchtig, alkoholiker*, entzug, entzugsklinik, drogenkonsum, selbstmord,
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
            quimio*, radioterapia, diabetes, diabetic*, asma, epilepsia, infarto, ictus, operad* de, operacion de,
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
            @sobrino, @sobrina, @ex, @gemelos, divorci*, custodia, pension alimenticia, casado, casada, casarme, casamos, casarnos, casarse,
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
            =cda, groenlinks, =pvda, =bbb, =fvd, =sgp, partijlid, lid van de partij, politieke partij, linkse,
            rechtse, links georienteerd, rechts georienteerd, extreemrechts, extreemlinks, @demonstratie,
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
            extreme gauche, de gauche, de droite, socialiste*, communiste*, fasciste*, nationaliste*, macron,
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
            believer, eid, diwali, lent, communion""",
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
        "nl": """=dna, dna test, genetisch*, erfelijk*, genoom, erfelijkheidsonderzoek, dragerschap,
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
            @stehlen, betrug, mord, korperverletzung, eingebrochen, einbruch bei, ladendiebstahl, strafanzeige,
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

#: Ordinary phrases that contain a sensitive word. Where one overlaps a match, the longer wins.
BENIGN: dict[str, str] = {
    "en": """parent directory, parent folder, parent class, parent node, parent process, parent element, parent
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
        ex officio, my ex boss, ex colleague, ex coworker, ex employer""",
    "nl": """ouder directory, ouderelement, kind proces, kindproces, kind element, oh mijn god, god zij dank,
        mijn god, goddank, ik geloof, geloof me, geloof dat, ik denk, arts and crafts, de schuld, mijn schuld,
        jouw schuld, zijn schuld, man en paard, de man, een man, de vrouw, een vrouw, vrouw en man, stem af,
        afstemmen, kind van, gradient descent, europese unie, technische schuld, partij voor, een partij,
        wedstrijd, race conditie, politie van de, kanker op""",
    "de": """eltern element, elternelement, kindelement, kindprozess, kind prozess, oh mein gott, mein gott,
        gott sei dank, um gottes willen, grus gott, ich glaube, glaube ich, die schuld, meine schuld, deine
        schuld, seine schuld, frau und mann, die frau, eine frau, der mann, ein mann, mann und frau, die wahl,
        wahl des, wahl der, meine wahl, deine wahl, zur wahl, erste wahl, qual der wahl, keine wahl, auswahl,
        race condition, europaische union, technische schulden, mutter und schraube, schraube und mutter, die
        mutter aller, lieber gott, herrgott, kind und kegel, sprache""",
    "fr": """repertoire parent, element parent, element enfant, processus enfant, processus parent, mon dieu, oh
        mon dieu, dieu merci, je vous prie, vous prie, prie de, bonne foi, mauvaise foi, ma foi, dette
        technique, politique de confidentialite, politique de cookies, politique de retour, politique de
        remboursement, politique de securite, politique d utilisation, politique de l entreprise, politique
        tarifaire, politique des mots de passe, union europeenne, syndicat de copropriete, syndicat d
        initiative, les origines du, l origine du, version d origine, a l origine, origine des donnees, la femme de
        menage, bonne femme, fils de discussion, fil de discussion, jeu de l oie, vol de nuit, vol direct, vol
        pour, vol retour, mon vol, un vol, le vol, vols, pret a, prete a, prets a, suis pret, es pret, est pret,
        sommes prets, etes prets, sont prets, trouble de, troubles de la, descente de gradient, grande
        depression, condition de course, mariage pour tous, la greve du""",
    "es": """directorio padre, elemento padre, elemento hijo, proceso hijo, proceso padre, nodo hijo, nodo padre,
        dios mio, gracias a dios, por dios, ojala, buena fe, mala fe, politica de privacidad, politica de
        cookies, politica de devoluciones, politica de reembolso, politica de seguridad, politica de la empresa,
        politica de precios, politica de contrasenas, union europea, el origen del, origen de los datos, version
        de origen, cristiano ronaldo, partido de futbol, el partido, un partido, la mujer de la limpieza, descenso
        de gradiente, gran depresion, condicion de carrera, madre mia, la madre que""",
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
        "heb", "bin", "habe", "suis", "ai", "soy", "estoy", "tengo",
    ]
)  # fmt: skip

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
            ich du er sie wir ihr mich mir dich dir mein meine meinen meinem uns unser um am im vom zum zur bei nach auch noch schon sehr""",
        "fr": """le la les un une et ou mais de du des a au aux en sur pour avec par comme est sont etait ete suis
            ai as avons pas non oui ce cette ces il elle ici que qui quoi comment pourquoi quand ou tous son sa
            ses fin pain mere vol fils pres tres apres
            je tu il elle nous vous ils elles me te se mon ma mes ton ta tes notre nos votre vos leur dans chez avec aussi toujours""",
        "es": """el la los las un una y o pero de del a al en sobre para con por como es son era fue soy he ha
            hemos no si este esta estos esto aqui que quien como porque cuando donde todos son sin fin mi tu
            cura once padre mis que qui roma
            yo tu el ella nosotros ellos me te se mi mis tus su sus nuestro muy tambien siempre todas todos del al nos en""",
    }.items()
}

# --- matching ------------------------------------------------------------------------------

#: About-a-person phrases for ethnicity: an origin word next to a person word, or after
#: "I am" ("a Black woman", "of Turkish descent", "I'm half Mexican", "mujer negra").
ORIGIN_WORDS: dict[str, tuple[str, str, str]] = {
    # language: (origin words, person words after them, person words before them)
    "en": (
        """black white asian hispanic latino latina latinx mexican african arab indian chinese nigerian pakistani
        bangladeshi somali turkish kurdish moroccan surinamese caribbean jamaican korean vietnamese filipino""",
        """woman women man men person people guy girl boy family parents descent origin heritage ancestry
        background american british canadian australian immigrant""",
        "i m, im, i am, i m half, i am half, i m part, i am part, born",
    ),
    "nl": (
        """zwart zwarte marokkaans marokkaanse turks turkse surinaams surinaamse antilliaans antilliaanse
        aziatisch aziatische arabisch arabische afrikaans afrikaanse koerdisch koerdische""",
        "vrouw man mensen meisje jongen familie ouders afkomst achtergrond komaf",
        "ik ben, ik ben half",
    ),
    "de": (
        """schwarz schwarze schwarzer turkisch turkische turkischer arabisch arabische arabischer afrikanisch
        afrikanische asiatisch asiatische kurdisch kurdische polnisch polnischer russischstammig""",
        "frau mann menschen person madchen junge familie eltern herkunft abstammung wurzeln",
        "ich bin, ich bin halb",
    ),
    "fr": (
        """noir noire noirs noires arabe arabes maghrebin maghrebine africain africaine asiatique kabyle
        marocain marocaine algerien algerienne turc turque""",
        "",
        "femme, homme, personne, je suis, je suis a moitie, famille, origine, origines, d origine",
    ),
    "es": (
        """negro negra negros negras gitano gitana gitanos indigena marroqui latino latina arabe asiatico
        asiatica africano africana""",
        "",
        "mujer, hombre, persona, soy, soy medio, familia, origen, de origen",
    ),
}

_GAP = 2  # words a ``*`` in a phrase may stand for
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
    mode: Literal["stem", "exact", "prefix", "suffix", "gap"]
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


_SPLIT = re.compile(r"[\W_]+")
_ASCII_GAPS = str.maketrans({chr(code): " " for code in range(128) if not chr(code).isalnum()})
_FORMAT = re.compile("[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\U000e0000-\U000e007f]")
_LETTERS = str.maketrans({"œ": "oe", "æ": "ae", "ø": "o", "ł": "l", "đ": "d", "ı": "i"})


def fold(text: str) -> str:
    """``text`` as the classifier reads it: NFKC, format characters (zero-width spaces, bidi
    controls) removed, case-folded, accents stripped, every run of other characters than
    letters and digits one space, and a space at each end: ``"My mère’s"`` → ``" my mere s "``.
    Letters outside the Latin script are dropped (the vocabulary has none)."""
    if text.isascii():  # the common case, at C speed
        return " " + " ".join(text.lower().translate(_ASCII_GAPS).split()) + " "
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
    stem = _stemmer(language).stemWord
    own = _common_stems(language, other=False)
    words: list[_Word] = []
    for token in text.lstrip("@").split():
        if token == "*":
            words.append(_Word("gap", "", ""))
            continue
        body = fold(token.strip("*=")).split()
        if not body:
            continue
        if token.startswith("="):
            words += [_Word("exact", part, part) for part in body]
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
    if not words or words[0].mode == "gap":
        return None
    others = _common_stems(language, other=True)
    first = words[0]
    if first.mode == "stem":
        false_friend = any(word.startswith(first.surface[:_KEY_LETTERS]) for word in others.get(first.form, ()))
    else:
        false_friend = any(_fits(first, word, language) for found in others.values() for word in found)
    # Most conversations are in English, where a Dutch or French word stemmed alike is a
    # stranger ("linkse" and "link", "opere" and "operation"): every single word of the other
    # languages is checked against the text's language; an English one only when it is a
    # common word elsewhere (English sensitive words do come up inside other languages).
    gated = len(words) == 1 and (false_friend or language != "en")
    return _Entry(cls, language, text, tuple(words), personal, gated)


def _generated() -> list[tuple[str, str, str]]:
    """The (class, language, entry) triples of :data:`ORIGIN_WORDS`."""
    found = []
    for language, (origins, after, before) in ORIGIN_WORDS.items():
        for origin in origins.split():
            found += [("ethnicity", language, f"{origin} {person}") for person in after.split()]
            found += [("ethnicity", language, f"{lead.strip()} {origin}") for lead in before.split(",") if lead.strip()]
    return found


def _key(entry: _Entry) -> str:
    """The automaton key that finds an entry, at a word start: its short leading words as
    written, then the part of the next word that its surface form and stem share (at least
    :data:`_KEY_LETTERS` letters: ``" in debt"``, ``" divorc"``); a word of one or two letters
    is taken whole (``" ex "``). For a ``*suffix`` first word: the suffix at a word end."""
    first = entry.words[0]
    if first.mode == "suffix":
        return first.form + " "
    parts = []
    for word in entry.words:
        if word.mode in ("gap", "suffix"):
            break
        if word.mode in ("exact", "prefix"):
            parts.append(word.form)
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


@cache
def _vocabulary() -> _Vocabulary:
    """Every entry of :data:`VOCABULARY`, :data:`ORIGIN_WORDS` and :data:`BENIGN`, and one
    automaton over their keys (built once, on first use)."""
    listed = [(cls, language, raw) for cls, table in VOCABULARY.items() for language, raw in _listed(table)]
    listed += _generated()
    listed += [("benign", language, raw) for language, raw in _listed(BENIGN)]
    entries = [entry for cls, language, raw in listed if (entry := _entry(cls, language, raw)) is not None]
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
    return _Vocabulary(tuple(entries), automaton)


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
    return text_word.endswith(word.form)


def _rest(words: list[str], at: int, pattern: tuple[_Word, ...], language: str) -> int | None:
    """The index after the last text word when ``words[at:]`` continue ``pattern``, else None."""
    if not pattern:
        return at
    head, tail = pattern[0], pattern[1:]
    if head.mode == "gap":
        for skip in range(_GAP + 1):
            end = _rest(words, at + skip, tail, language)
            if end is not None:
                return end
        return None
    if at < len(words) and _fits(head, words[at], language):
        return _rest(words, at + 1, tail, language)
    return None


def _may_be_in(words: list[str]) -> frozenset[str]:
    """The languages of the five the folded ``words`` may be written in: those whose common
    words (:data:`COMMON_WORDS`) the text uses more than half as often as the leading
    language does; all five when it uses none. Function words tell the language of a short
    sentence better than letter statistics do, and cost nothing."""
    scores = {language: sum(word in common for word in words) for language, common in COMMON_WORDS.items()}
    best = max(scores.values())
    if best == 0:
        return frozenset(COMMON_WORDS)
    return frozenset(language for language, score in scores.items() if score * 2 > best)


def sensitive_matches(text: str) -> tuple[SensitiveMatch, ...]:
    """Every sensitive-class match in ``text``, benign phrases applied, in text order.

    Pure; never raises for a string. ``start``/``end`` index the words of :func:`fold`.
    """
    return folded_matches(fold(text))


def folded_matches(folded: str) -> tuple[SensitiveMatch, ...]:
    """:func:`sensitive_matches` for a text already folded by :func:`fold` (or several folded
    texts joined by one space: a detector folds each message once and asks once)."""
    vocabulary = _vocabulary()
    words: list[str] = []  # split on the first hit only: most ordinary texts have none
    found: list[SensitiveMatch] = []
    languages: frozenset[str] | None = None
    for end, keyed in vocabulary.automaton.iter(folded):
        if not words:
            words = folded.split()
        key = keyed.key
        if key.startswith(" "):
            begin = end - len(key) + 1  # the space before the word
        else:  # a word ending: find the space before the word
            begin = folded.rfind(" ", 0, end - len(key) + 1)
        index = folded.count(" ", 0, begin)  # words before this one (folded starts with a space)
        candidates = [*keyed.others]
        for language, forms in keyed.by_stem.items():
            candidates += forms.get(_stem(language, words[index]), ())
        for entry_index in candidates:
            entry = vocabulary.entries[entry_index]
            stop = _rest(words, index, entry.words, entry.language)
            if stop is None:
                continue
            if entry.personal and not PERSON_CUES.intersection(words[max(0, index - _CUE_WINDOW) : index]):
                continue
            if entry.gated:
                if languages is None:
                    languages = _may_be_in(words)
                if entry.language not in languages:
                    continue
            found.append(SensitiveMatch(entry.cls, entry.text, entry.language, index, stop))
    return _resolve(found)


def _resolve(found: list[SensitiveMatch]) -> tuple[SensitiveMatch, ...]:
    """Drop a match that a longer one covers, and every match a benign phrase covers; then
    drop the benign phrases themselves."""
    kept = set()
    for match in found:
        covered = any(
            other is not match
            and other.start <= match.start
            and match.end <= other.end
            and (other.end - other.start > match.end - match.start or other.cls == "benign")
            for other in found
        )
        if not covered and match.cls != "benign":
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
