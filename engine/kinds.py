"""Answer kinds: what a question asks for, and whether a line holds it.

In: a question (`asked`), or a line of a document (`holds`). Out: the kinds the question's
form asks for (an amount for "how much is the fee", a time for "what time did it end", a
measure for "how wide") and, for a line, whether it carries evidence of one of them.
Refuses nothing: a question whose form asks for no kind in particular gets `()`, and then
no step of the engine looks at kinds.

Every rule is a regular expression a person can read, tested on real lines
(tests/test_kinds.py). The table from question forms to kinds (`_ASKS`) is checked in
order; the first form that matches decides. Kinds:

  amount      $12.50, 17.99$, £0, 1,715.00 dollars, 30 pounds, INR 4,000, "no fee", "free of charge"
  count       a whole number that is not a year, a date or a time; number words
  percentage  5.37%, 20.00 percent
  rate        an amount or a number "per" a unit, a number alone in a table cell
  date        a month with a day or year ("in March"), 2021-11-01, 11/1/2021, a year, a weekday
  month       a month's name, for a question asking which months
  time        7:30 a.m., 6 p.m., 19:00, noon, midnight
  duration    a number with seconds .. years ("120 days", "five years")
  measure     a number with a unit (12 feet, 35 ft, 4.1 ppb, 999 kilowatts, 3 MGD)
  temperature, length, area, power, voltage, flow, pressure, weight
              a measure in that dimension's units, for a question that names it
              ("what ... temperature" wants 45°C, not 220 kW)
  person      a title and a name, a name with a middle initial, or two capitalised words
              that are not place, body, document or calendar words (`_NOT_NAMES`) and do
              not stand inside a longer Title Case run; without a title, the first word
              must be a first name (`given_names`: gender-guesser's table)
  organisation capitalised words ending in Company, District, LLP, Inc, ..., or a run of
              capitalised words whose last is no common word
  place       a street address, "Town, ST", a park, hall or room, "in/at/near" a proper name,
              "meets/held/located ... in/at" a place in any case ("meets in the old mill")
  figure      any number however written, a range of numbers ("6.5 - 8.5"), a decimal, "ND"
              (not detected), for a question asking for a level, a limit, a range
  obligation  must, shall, mandatory, required, optional, not required..., for a question
              asking whether something has to be done ("do bidders have to attend?")
  vote        "5-0", "Ayes: 4", "unanimously", "motion carried", for a question asking
              how a body voted
  access      a password, passcode, PIN or meeting id given with its label ("Passcode: 812345")
  phone       a telephone number ("(520) 586-2245", "1-800-895-1999")
  code        letters and digits in one token (4199-G, B-20, TGSB) or a section number
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Collection, Mapping, Sequence

from .terms import content_terms

_NUM = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?"
_WORD_NUM = (r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|"
             r"fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|"
             r"sixty|seventy|eighty|ninety|hundred|thousand|dozen)")
_ANY_NUM = rf"(?:{_NUM}|{_WORD_NUM})"
# a month's name, written out or short ("Sept."), as the kinds and the quote's dates read it
MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
          r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_UNITS = (r"(?:feet|foot|ft|inch(?:es)?|in\.|yards?|miles?|mi|meters?|metres?|km|cm|mm|m|"
          r"acres?|hectares?|square|sq\.?|cubic|gallons?|gal|mgd|gpd|gpm|cfs|af|acre-feet|"
          r"liters?|litres?|kw|kwh|mw|mwh|kva|kvar|kv|volts?|watts?|therms?|ccf|hcf|dth|"
          r"pounds?|lbs?|tons?|tonnes?|kg|psi|degrees?|°|ppb|ppm|ppt|mg/l|µg/l|ug/l|ntu|"
          r"pci/l|kilowatts?|kilowatt-hours?|megawatts?|horsepower|hp|rpm|stories|storeys|"
          r"mg|milligrams?|micrograms?|µg|grams?|ml|milliliters?|millilitres?|ounces?|oz|"
          r"lanes|seats|beds|units)")
# a spreadsheet or table cell holding only a number (not a year): "Library Book Fines | 170000"
# (nor a day's number before its month's cell: "16 | July | 2014" is a date)
_CELL = (r"(?:^|\|)\s*(?:[$£€]\s*)?\(?-?(?!(?:18|19|20)\d\d\s*(?:\||$))"
         r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\)?\s*(?:\||$)"
         rf"(?!\s*(?i:{MONTH})\s*(?:\||$))")
# the sign or word after a number that makes it a share ("12%", "120 percent", "5-percent",
# "12  per cent", "12 pct"): read by the percentage pattern, and kept from counts
_SHARE_AFTER = r"(?:\s*%|[\s-]*(?:percent|per[\s-]?cent|pct)\b)"
_DURATION_UNITS = (r"(?:milliseconds?|microseconds?|ms|µs|secs?|seconds?|minutes?|mins?|hours?|hrs?|days?|"
                   r"weeks?|months?|years?|yrs?)")

# Capitalised words that are not a person's name: places, bodies, documents, calendar words
# and sentence openers. Two capitalised words make a name only when neither is one of these
# ("Mary Avenue", "Electric Light", "Closed Session" are not people; "Wendy Gudalewicz" is).
_NOT_NAMES = (
    "avenue|ave|street|st|road|rd|drive|dr|lane|ln|way|boulevard|blvd|highway|hwy|parkway|expressway|freeway|motorway|"
    "park|hall|center|centre|building|room|plaza|school|schools|college|university|library|"
    "city|county|state|states|town|village|district|districts|department|dept|company|"
    "corporation|inc|llc|llp|ltd|council|board|commission|committee|authority|agency|bureau|"
    "office|division|association|union|bank|court|government|federal|national|united|public|"
    "utility|utilities|electric|light|power|energy|gas|water|wastewater|sewer|service|services|"
    "plant|joint|treatment|project|program|fund|reservoir|station|north|south|east|west|"
    "northern|southern|eastern|western|new|regular|special|annual|general|total|rate|rates|"
    "schedule|tariff|section|article|chapter|page|item|items|table|exhibit|appendix|report|"
    "resolution|ordinance|permit|agenda|minutes|meeting|session|closed|open|consent|calendar|"
    "business|customer|customers|charge|charges|demand|summer|winter|effective|date|expiration|"
    "issued|notice|fiscal|year|budget|revenue|fee|fees|account|act|code|rules|policy|plan|"
    "contract|contractors|construction|replacement|staff|members|member|present|absent|"
    "approved|motion|subject|re|dear|sincerely|attachment|monday|tuesday|wednesday|thursday|"
    "friday|saturday|sunday|january|february|march|april|may|june|july|august|september|"
    "october|november|december|the|this|that|these|those|a|an|all|any|each|every|no|not|for|"
    "and|or|if|in|on|at|by|to|of|with|from|as|it|its|we|our|their|his|her|per|please|see|"
    "upon|under|after|before|during|other|such|honorable|chair|chairman|chairperson|vice|"
    "sir|madam|respectfully|submitted|yours|truly|attn|attention|cc|enclosure|floor|"
    "suite|first|second|third|fourth|fifth|"
    # a water or a landform names a place ("Hudson River", "Crater Lake", "Idaho Falls")
    "river|creek|lake|bay|harbor|harbour|island|valley|mountain|canyon|ocean|basin|"
    "watershed|pond|gulf|peninsula|estuary|aquifer|springs|falls|beach|"
    # a meeting's agenda items name no firm ("III. Public Forum", "Public Comment", "Approval
    # of the Minutes")
    "forum|comment|comments|approval|discussion|adjournment|announcements|correspondence|"
    "presentation|presentations|appointment|appointments|"
    # an office names no one ("4. APPOINTMENT OF MAYOR AND MAYOR PRO TEM"; "Mayor Cindy Segawa"
    # is still Cindy Segawa)
    "mayor|pro|tem|tempore|deputy|clerk|treasurer|secretary|manager|president|superintendent|"
    # a governing body's members name no firm ("Board of Trustees", "Board of Directors")
    "trustees|directors|supervisors|commissioners|aldermen|selectmen|governors|regents|members|"
    # an instrument or a document names no firm ("DBC Construction Agreement", "Cost Matrix")
    "agreement|agreements|contract|contracts|amendment|addendum|proposal|proposals|matrix|"
    "application|statement|memorandum|memo|letter|certificate|invoice|form|forms|"
    # nor a document's parts ("General Conditions", "Technical Specifications")
    "conditions|provisions|specifications|requirements|instructions|guidelines|procedures|"
    "standards|regulations|bylaws|terms|policies")


def _trie(words: list[str]) -> str:
    """The alternation of `words` as a regular expression factored by common prefixes: the
    same strings, but `re` tries one branch per letter instead of every word in turn (the
    name detector ran 16 times faster on the cabinet's passages with the same matches)."""
    root: dict = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:
        alts = [re.escape(ch) + emit(sub) for ch, sub in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(root)


# a capitalised word that is not one of _NOT_NAMES; the (?=[A-Z]) first, so the long
# lookahead runs only where a capital stands (the same matches, four times faster)
_NAME = rf"(?=[A-Z])(?!(?i:{_trie(_NOT_NAMES.split('|'))})\b)[A-Z][a-z'’]+(?:-[A-Z]?[a-z'’]+)*-?"
_CAPS_NAME = rf"(?=[A-Z])(?!(?i:{_trie(_NOT_NAMES.split('|'))})\b)[A-Z]{{3,}}"
# not right after another capitalised word: "Cost Recovery" inside "Energy Cost Recovery
# Factor" is a title-case heading, not a name (one lookbehind per length of the word before)
_ALONE = "".join(rf"(?<!\b[A-Z][a-z]{{{n}}} )" for n in range(1, 16))
_TITLE = (r"(?:Mr|Mrs|Ms|Dr|Mayor|Councilor|Councillor|Commissioner|President|Chair|Chairman|"
          # (not "Chief", "Supervisor", "Sheriff", "Assessor", "Governor", "Senator": "Chief Financial
          # Officer", "Supervisor Training", "Sheriff Sale", "Governor Baxter School", "Senator
          # Inn" name no one)
          r"Chairperson|Chairwoman|Comptroller|"
          r"Director|Superintendent|Manager|Secretary|Clerk|Trustee|Judge|Hon|Administrator|"
          r"Recorder|Treasurer|Attorney|Engineer|"
          # a roll call's titles, with their plurals ("Absent -- Aldermen Foulkes, Thomas")
          r"Alder(?:man|men|woman|women|person|persons)|Council(?:man|men|woman|women|member|members)|"
          r"Select(?:man|men|woman|women)|Commissioners|Trustees)")
_TITLE_CAPS = _TITLE.upper()  # the same titles in capitals ("MAYOR", "JUDGE")

# a roll call's vote and the surnames after it: "Noes - Nakamura", "Ayes: Goetz, Liu, Marsh"
_ROLL_VOTE = r"(?:Ayes|Noes|Nays|Yeas|Absent|Abstain(?:ed|ing)?|Recused)\s*[-:–]"
_ROLL_CALL = rf"\b{_ROLL_VOTE}\s*(?!None\b|Vacant\b)[A-Z][a-z'’-]+(?:,\s*(?:and\s+)?[A-Z][a-z'’-]+)*"
_ROLL_OPENS = re.compile(rf"^{_ROLL_VOTE}")


def _in_units(units: str) -> re.Pattern:
    """A number followed by one of `units` (a measure of one dimension): "220 kW", "45 psi"."""
    return re.compile(rf"\b{_NUM}\s?-?(?:{units})(?![a-z])")


# a sum with its currency sign after it, as a PDF prints a column's sign ("7.49$ 17.99$",
# "946,181$"): only a figure a sum is written as (thousands grouped, or cents), not after
# a formula's or a command's sign ("$r = 1.5$", "grep ' 500$'"), nor a year ("2022$")
_SIGN_AFTER = r"(?<![\w.,=^{$\\/'-])(?<!= )(?:\d{1,3}(?:,\d{3})+(?:\.\d\d)?|\d+\.\d\d)[$€](?![\w$€])"


# other currencies' ISO 4217 codes, as a price list abroad writes them before or after a sum
# ("PHP 5.00", "KES 3,000", "Kshs. 14.20", "500 NGN")
_CURRENCY = (r"php|kes|ngn|zar|jpy|cny|rmb|mxn|brl|nzd|sgd|hkd|idr|pkr|lkr|bdt|ugx|tzs|ghs|egp|vuv|fjd|myr|thb|"
             r"sek|nok|dkk|pln|czk|huf|aed|qar|krw|twd|rwf|zmw|mwk|etb")  # (not "SAR", "ILS": reports, landings)


_DETECT = {
    "amount": re.compile(
        rf"[$£€]\s?{_NUM}|[$£€]\s?\.\d+|{_SIGN_AFTER}|\b{_NUM}\s?-?(?:dollars?|cents?|usd|eur|gbp|¢|pounds?|pence|euros?|"
        rf"yen|rupees?|inr|francs?|chf|cad|aud|{_CURRENCY}|pesos?|shillings?|naira|rand|vatu|cedis?|ringgit|baht)\b"
        rf"|\b(?:inr|rs\.?|usd|eur|gbp|chf|{_CURRENCY}|kshs?\.?)\s?{_NUM}|[₱¥₹₦₩₽₺₫₪₴]\s?{_NUM}"
        rf"|\(?\.\d+\)?\s?(?:cents?|¢)|\b{_WORD_NUM}[- ](?:dollars?|cents?)\b"
        r"|(?<![\d.,])\b\d{1,3}(?:,\d{3})+\.\d\d\b(?![.,]\d)"  # "30,921.14": grouped, with cents, a sum
        r"|\bno (?!case\b|event\b|instance\b)(?:(?!shall\b|such\b|will\b|may\b|the\b)[\w-]+ ){0,3}(?:fee|charge|cost)s?\b|\bfree of charge\b|\bno[- ]charge\b|\bn/c\b|" + _CELL),
    # (not a share: "120 percent of the FMR", "12%", "two percent": _SHARE_AFTER)
    "count": re.compile(rf"(?<![\d.,:/$£€\-–—])\b(?!(?:18|19|20)\d\d\b){_NUM}\b(?![.,:/\-–—]\d)(?!{_SHARE_AFTER})"
                        # "one of our achievements", "one or more": a part or a bound, no count;
                        # "two-thirds", "one half": a share
                        rf"|\b(?!one (?:of|or)\b){_WORD_NUM}\b(?![-–\s](?:thirds?|halfs?|halves|quarters?|fourths?|fifths?|tenths?)\b)"
                        rf"(?!{_SHARE_AFTER})"),
    # "fifteen (15) percent": a drafter's number in words with its digits in brackets (not a
    # list's "(3) Percent of applicants" nor a footnote's "Change (1) %")
    # (a share in words alone too: "at least twenty-five percent of the total number of votes")
    "percentage": re.compile(rf"(?:{_NUM}|\b{_WORD_NUM}(?:[- ]{_WORD_NUM})*\s\({_NUM}\))"
                             rf"{_SHARE_AFTER}|{_CELL}"
                             rf"|\b{_WORD_NUM}(?:[- ]{_WORD_NUM})*\s(?:percent|per cent)\b"),
    "rate": re.compile(_CELL + rf"|(?:[$£€]\s?{_NUM}|{_NUM}\s?(?:¢|cents?))\s*(?:/|per\b|a\b)"
                       # (a bare number, not the end of a year's span: "2025/26 per month" is a
                       # table's column heads over "per month"; "20/30 per hour" is two rates)
                       # (not a code's parts: "107193/FUL/22", "22/00123/FUL", an application's number)
                       rf"|(?<!(?:19|20)\d\d/)(?<!(?:19|20)\d\d[-–])\b{_NUM}\s*per\b\s*[a-z]"
                       rf"|(?<!(?:19|20)\d\d/)(?<!(?:19|20)\d\d[-–])(?<!\d/)\b{_NUM}\s*/\s*[a-z](?![a-z]*/\d)"
                       rf"|[$£€]\s?\d*\.\d{{3,}}"),
    # (a day may be written as its ordinal: "May 18th", "8th of June")
    "date": re.compile(rf"\b{MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b|\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH}\b"
                       rf"|\b{MONTH},?\s+(?:18|19|20)\d\d\b"
                       r"|\b(?:18|19|20)\d\d-\d\d-\d\d\b|\b\d{1,2}/\d{1,2}/(?:\d\d){1,2}\b"
                       # a calendar's month and day without its year ("4/13-4/17 Spring Break": the
                       # range's first day; "6/17 Last Day of School"); not a fraction by the word
                       # after it or the whole number before it ("3/4 inch", "4/5 vote", "1 1/2",
                       # "1/2 day"), nor a number of a thing named before it ("FY 12/13", "Page 3/12")
                       r"|(?<![\w/.,$£€–-])(?<!\d )(?<!fy )(?<!page )(?<!grade )(?<!grades )(?<!score )(?<!lot )"
                       r"(?<!carried )(?<!passed )(?<!vote )(?!1/2\b)"
                       r"(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])(?![\w/]|[.,]\d)"
                       r"(?!\s*(?:[\"”″%]|(?:inch|inches|in\.|mile|miles|mi|of|share|vote|votes|majority|cup|cups|acre|acres|"
                       r"hour|hours|lb|lbs|pound|pounds|ton|tons|yard|yards|foot|feet|percent|the|an?|page|pages|grade|slope|pitch|scale|"
                       r"mesh)\b))"
                       r"|(?<![\d\-–—‐‑])\b(?:18|19|20)\d\d\b(?![\d\-–—‐‑])"
                       r"|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b"
                       r"|\b(?:in|by|on|until|since|from|through|during|before|after|of) (?:early |late |mid-)?"
                       r"(?:january|february|march|april|may|june|july|august|september|october|"
                       r"november|december)\b(?!\.?\s+\d{1,2}\b)"),  # "by May 31": the day's date, read whole
    "month": re.compile(r"\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
                        r"sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b"),
    "time": re.compile(r"\b\d{1,2}(?::\d\d)?\s?(?:a\.?\s?m\b\.?|p\.?\s?m\b\.?)|\b\d{1,2}:\d\d\b"
                       # an ordinance's hour in words: "nine a.m.", "twelve thirty a.m."
                       r"|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
                       r"(?:[- ](?:fifteen|thirty|forty-five|o'clock))?\s(?:a\.\s?m\b\.?|p\.\s?m\b\.?)"
                       r"|\bnoon\b|\bmidnight\b|\bo'clock\b"),
    "duration": re.compile(rf"\b{_ANY_NUM}\+?(?:\s|-)?(?:\(\d+\)\s)?(?:calendar |business |working )?"
                           rf"{_DURATION_UNITS}\b"
                           # minutes and seconds a process's time is said in ("Average travel time
                           # 4:41", "Turnout time | 1:12"), no time of day
                           r"|\b(?:response|travel|turnout|arrival|processing|wait|waiting|drive|driving|handling|"
                           r"dispatch|hold|call|transport) times?\b\W{0,3}(?:\w+\W{1,3}){0,3}?\d{1,2}:\d\d(?::\d\d)?\b"),
    "measure": re.compile(rf"\b{_NUM}\s?(?:(?:thousand|million|billion)\s)?-?(?:{_UNITS})(?![a-z])|{_CELL}"
                          # "three (3) foot wide": a drafter's number in words, its digits in brackets
                          rf"|\b{_WORD_NUM}\s\(\d+\)\s?-?(?:{_UNITS})(?![a-z])"
                          rf"|(?<![\"“])\b{_NUM}(?:\"|”|″)(?!\w)"),  # 6” DBH: inches (not a quoted “2”)
    "temperature": re.compile(rf"-?{_NUM}\s?(?:°\s?[cf]?|degrees?\b|deg\b)|\b{_NUM}\s?[cf]\b(?=.*\btemp)"),
    "length": re.compile(rf"\b{_ANY_NUM}\s?-?(?:\(\d+\)\s?)?(?:feet|foot|ft|inch(?:es)?|in\.|yards?|"
                         rf"miles?|mi|meters?|metres?|km|cm|mm|m|stor(?:y|ies|eys?))(?![a-z])"
                         rf"|(?<![\"“‘'])\b{_NUM}\s?(?:'|’|\"|”|″|′)"),
    "area": re.compile(rf"\b{_NUM}\s?-?(?:square|sq\.?|acres?|hectares?|ha\b|sf\b|ft2|m2|ft²|m²)"),
    "power": _in_units(r"kw|mw|kva|mva|kilowatts?|megawatts?|horsepower|hp|watts?"),
    "voltage": _in_units(r"kv|volts?|v"),
    "flow": re.compile(rf"\b{_NUM}\s?-?(?:mgd|gpd|gpm|cfs|mld|(?:million |m)?gallons? per|"
                       rf"(?:cubic )?(?:feet|meters|metres) per|l/s|m3/)"),
    "pressure": _in_units(r"psi[ga]?|bar|kpa|mpa|pascals?|inches of water"),
    "weight": _in_units(r"pounds?|lbs?|tons?|tonnes?|kgs?|kilograms?|grams?|g"),
    # any figure: a number, a range of numbers, a decimal, "ND" (a laboratory's not detected)
    # (not a year or a span of years, "2009 – 2017"; not a section's number, "3.1.1.2")
    "figure": re.compile(r"\b(?!(?:19|20)\d\d\s?[-–—]\s?(?:19|20)?\d\d\b)\d+(?:\.\d+)?\s?[-–—]\s?\d+(?:\.\d+)?\b"
                         r"|(?<![\w.])\.?\d+\.\d+\b(?!\.\d)|\bND\b"
                         r"|(?<![\w.,/-])(?!(?:19|20)\d\d\b)\d+(?![\w.,/:-]|\s?%)"),
    "person": re.compile(rf"\b{_TITLE}\.?\s+(?:[A-Z]\.\s+)?{_NAME}"
                         rf"|\b(?=[A-Z]){_ALONE}(?:{_NAME}\s+(?:[A-Z]\.?\s+)?{_NAME}|{_NAME}\s+[A-Z]\.\s+[A-Z][a-z'’-]+)"
                         r"\b(?! [A-Z][a-z])"
                         rf"|\b{_CAPS_NAME}\s+[A-Z]\.?\s+{_CAPS_NAME}\b"
                         # in capitals: a title and a name, or a first name and a surname
                         # standing alone ("MAYOR ELAINE KIBBEY", "JOHN SMITH, Chair")
                         rf"|\b{_TITLE_CAPS}\.?\s+{_CAPS_NAME}\b"
                         rf"|(?<![A-Z] )\b{_CAPS_NAME}\s+{_CAPS_NAME}\b(?!\s[A-Z]{{2}})"
                         # a first name, a middle initial and a surname: a name wherever it stands
                         rf"|\b{_NAME}\s+[A-Z]\.\s+[A-Z][a-z'’-]+"
                         # a roll call's surnames after its vote ("Noes - Nakamura", "Ayes: Goetz, Liu")
                         rf"|{_ROLL_CALL}"),
    "organisation": re.compile(r"\b[A-Z][\w&.'’-]*(?:,?\s+(?:&\s+)?[A-Z][\w&.'’-]*)*?,?\s+(?:&\s+)?"
                               r"(?:Company|Co\.|Corporation|Corp\.?|Inc\.?|LLC|LLP|Ltd\.?|District|"
                               r"Department|Agency|Authority|Commission|Committee|Subcommittee|Council|Board|Bureau|"
                               r"Administration|Association|Bank|Utility|Utilities|Office|"
                               r"Division|Group|Partners|Services)\b"
                               # a committee by what it is on ("Committee on Human Services")
                               r"|\b(?:Sub)?(?:Committee|Commission)\s+(?:on|of|for)\s+(?:the\s+)?[A-Z][\w&'’-]*"
                               r"(?:,?\s+(?:and\s+|&\s+)?[A-Z][\w&'’-]*)*"
                               # a department by what it is of ("Department of Justice/Bureau of
                               # Alcohol, Tobacco, Firearms, and Explosives", "Office of the Mayor")
                               r"|\b(?:Department|Bureau|Office|Ministry|Division|Agency|Administration)\s+of\s+(?:the\s+)?"
                               r"[A-Z][\w&'’/-]*(?:,?\s+(?:and\s+|&\s+)?[A-Z][\w&'’/-]*)*"
                               # a proper name of two words or more ("Gateway Pacific", "We
                               # Energies"), its last word not a common one (_org_run)
                               r"|\b[A-Z][\w&'’.-]*(?:\s+(?:&\s+)?[A-Z][\w&'’.-]*)+"),
    "place": re.compile(r"\b\d+\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*\s+(?:Street|St|Road|Rd|Avenue|Ave|"
                        r"Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Court|Ct|Place|Pl|Highway|Hwy|"
                        r"Parkway|Pkwy)\b"
                        # in capitals ("1512 SHATTUCK AVE"), the suffix as a word
                        r"|\b\d+\s+[A-Z]{2,}(?:\s+[A-Z]{2,})*\s+(?:STREET|ST|ROAD|RD|AVENUE|AVE|BOULEVARD|BLVD|"
                        r"DRIVE|DR|LANE|LN|WAY|COURT|CT|PLACE|PL|HIGHWAY|HWY|PARKWAY|PKWY)\b"
                        # the value beside a place's own label ("LOCATION: Schoolcraft County
                        # Courthouse", "Venue: Town Hall")
                        r"|^\W*(?i:location|venue|place|address|where)\s*:\s*[A-Z0-9]"
                        r"|\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*,\s+[A-Z]{2}\b"
                        # a table cell that is a proper name ("Cicero | Cook | IL")
                        r"|(?:^|\|)\s*[A-Z][a-z]+(?:\s*/?\s*[A-Z][a-z]+){0,3}\s*(?=\|)"
                        r"|\|\s*[A-Z][a-z]+(?:\s*/?\s*[A-Z][a-z]+){0,3}\s*$"
                        r"|\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*\s+(?:Park|Hall|Room|Center|Centre|"
                        r"Building|Library|Chambers|Plaza|School)\b"
                        r"|\b(?i:meets?|met|held|located|convene[sd]?|gather(?:s|ed)?|takes? place)\s+"
                        r"(?:[\w,]+\s+){0,3}?(?i:in|at)\s+(?:the\s+|a\s+)?[\w'’-]{3,}"
                        # "in", "at", "near", "from", "of" a proper name ("from Garner, North
                        # Carolina", "of Maricopa County": WikiQA's answers need both); not one
                        # ending in a calendar word or an event ("stopped by at the Women's Month
                        # event": a set's minutes; "at the Water Board’s December 19, 2022
                        # meeting" names a day), nor "across" one ("membership across the
                        # Community Boards")
                        r"|\b(?:in|at|near|from|of|outside|inside)\s+(?:the\s+)?"
                        r"(?!(?:[A-Z][\w'’.-]+\s+)*(?:Month|Week|Day|Year|Event|Celebration|January|February|March|"
                        r"April|June|July|August|September|October|November|December)\b)"
                        # (nor a body, its members or its charge: "of the Board", "Board of
                        # Directors", "Board of Education", "Department of Health": no place)
                        r"(?!(?:Directors|Trustees|Commissioners|Supervisors|Governors|Regents|Selectmen|"
                        r"Aldermen|Education|Health|Elections|Appeals|Adjustment|Finance|Board|Council|"
                        r"Commission|Committee|Department|Agency|Authority)\b)"
                        r"[A-Z][\w'’.-]+(?:\s+[A-Z][\w'’.-]+)*"),
    # what must, may or need not be done: "Pre-bid meeting is mandatory", "shall be required",
    # "attendance is optional", "is not required"
    "obligation": re.compile(r"\b(?:must|shall|mandatory|obligatory|required|requires?|requirement|"
                             r"optional|voluntary|encouraged|recommended|prohibited|not (?:be )?"
                             r"(?:allowed|permitted)|need not|may not|is not necessary|waived|exempt)\b"),
    # how a body voted: "5-0", "4 – 1", "Ayes: 5", "unanimously", "motion carried", "roll call"
    "vote": re.compile(r"(?<![\d.,/-])\b\d{1,2}\s?[-–—]\s?\d{1,2}\b(?![\d.,/-])"
                       # a tally ending a sentence or a clause after a vote's word: "passed 5-0.",
                       # "vote 4-1, ..." (not "ages 5-12.")
                       r"|(?:(?<=passed )|(?<=carried )|(?<=failed )|(?<=vote )|(?<=voted )|(?<=vote of )"
                       r"|(?<=approved )|(?<=adopted )|(?<=motion )|(?<=tally ))"
                       r"\d{1,2}\s?[-–—]\s?\d{1,2}\b(?![\d/-]|[.,]\d)"
                       r"|\b(?:ayes?|nays?|noes|yeas|abstain(?:ed|s|ing)?|abstentions?|unanimous(?:ly)?|"
                       r"carried|roll call)\b"
                       # "in favor" and "opposed" with their count or "all" ("32 in favor, 0
                       # opposed", "All in favor"), not a speaker's "Not in favor of congestion
                       # pricing" (a set's community board minutes: an opinion, no vote)
                       r"|\b\d{1,3}\s+(?:in favou?r|opposed)\b|\b(?:in favou?r|opposed)\s*[:=-]?\s*\d{1,3}\b"
                       r"|\ball (?:those )?in favou?r\b|\b(?:in favou?r|opposed)\s*(?:\||$)"
                       # a table of votes: a cell saying how it went ("| 137 | 82 | 0 | Fail |")
                       r"|(?:^|\|)\s*(?:pass|passed|fail|failed|carried|defeated|adopted|rejected)\s*(?=\||$)"),
    "access": re.compile(r"(?i:\b(?:pass\s?code|password|pin|access code|(?:meeting|webinar|conference|event)"
                         r"\s?(?:id|number|#)))\s*(?:[:#=]|is)?\s*[A-Za-z0-9][\w.!@$*-]*(?:\s\d{2,5}){0,3}"),
    "phone": re.compile(r"(?<![\d-])(?:\+?1[-. ]?)?\(?\b\d{3}\)?[-. ]?\d{3}[-. ]\d{4}\b"
                        # a United Kingdom number from its trunk 0 ("01969 663265", "020 7946 0123",
                        # "01632 960 499"), one with a country's code ("+44 20 7946 0958")
                        r"|(?<![\d-])\b0\d{2,4}[ -]?\d{3,4}[ -]?\d{3,4}\b(?![-/.]\d)"
                        r"|(?<![\w+])\+(?:[2-9]\d{0,2})[ .-]?\(?\d{1,4}\)?(?:[ .-]?\d{2,4}){2,4}\b"),
    # a route by its number: "Route 27", "Routes 27 and 57", "Rte. 9", "Rt 40"
    "route": re.compile(r"\b(?:route|rte|rt)s?\.?\s*#?\s*\d{1,4}[a-z]?\b"),
    # a credit rating on the agencies' scales (S&P's and Fitch's "AA+", "BBB-"; Moody's "Aa2",
    # "Baa1"; short-term "SP-1+", "MIG 1"); a lone "A" or "B" is a letter, not a rating
    "rating": re.compile(r"(?<![\w+&-])(?:AAA|AA[+-]?|A[+-]|BBB[+-]?|BB[+-]?|B[+-]|CCC[+-]?|Aaa|Aa[1-3]|"
                         r"A[1-3]|Baa[1-3]|Ba[1-3]|Caa[1-3]|SP-[1-3]\+?|V?MIG ?[1-3]|A-[1-3]\+?|NR)(?![\w+&-])"
                         # in words: "double-A", "triple-A plus"; none given: "not rated", "did not rate"
                         r"|(?i:\b(?:triple|double|single)[- ]?[ab]\b(?:[- ](?:plus|minus))?"
                         r"|\b(?:not|never|un)[- ]?rated\b|\b(?:did|does|has|have) not (?:been )?rated?\b)"),
    "code": re.compile(r"\b(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)+\b"
                       r"|\b[A-Z]{2,}\d+[A-Z]*\b|\b\d+[A-Z]{1,3}\b"
                       r"|\b[A-Z]{1,5}-\d+(?:[-.][A-Za-z0-9]+)*\b"  # capitals, a hyphen, digits: "SC-868", "RFP-2024-03"
                       r"|\b[A-Z]\d{3,}[A-Z]?\b"  # one letter, then three digits or more: "E05000837", a ward's GSS code
                       r"|\b(?!(?:JAN|FEB|MAR|APR|MAY|JUNE?|JULY?|AUG|SEPT?|OCT|NOV|DEC|MON|TUES?|WED|THU|THURS|FRI|SAT|SUN)[A-Z]*\b)[A-Z]{3,6}\b"
                       r"|\b(?!(?:18|19|20)\d\d\b)\d{4,}\b"  # a long number that is not a year
                       r"|\(?\b\d{3}\)?[-. ]\d{3}[-. ]\d{3,4}\b"  # a phone number, a meeting id
                       r"|(?:\b[Nn][Oo]\.|\b[Nn]umber|#)\s?\d+"),  # "No. 54", "#12"
}

_MONEY = (r"(?:fee|fees|cost|costs|price|prices|(?<!\bin )charge|charges|charged|pay(?! for)|paid|fine|fines|penalty|"
          r"deposit|bill(?! (?:numbers?|nos?\b\.?|#))|amount|budget|budgeted|revenue|revenues|sales|salary|spend|spent|tariff|"
          r"premium|rate|rates|allowance|reimbursement|expenditure|expenditures|appropriation|"
          r"surcharge|income|earnings|profit|profits|rent|rents|wage|wages|stipend|per diem|spending|value|"
          r"dollar|dollars|millage|levy|levies|precept|precepts|dues|deductible|deductibles|copay|copays|co-pay|co-pays|"
          r"coinsurance|out-of-pocket|fare|fares|toll|tolls|tuition|contribution|contributions|"
          r"honorarium|honoraria|receipts|donation|donations|refund|refunds|subsidy|subsidies|"
          r"fined|fiscal impact|fiscal effect)")
_BODY = r"(?:company|firm|agency|department|utility|bank|organi[sz]ation|vendor|supplier)"
# a body asked by the word right after "which", in lower case ("which union's proposal",
# "which nonprofits"; not "which round was Darwin Basketball Association funded", whose
# association is named, nor "Which Union County schools"; no foundation: a house stands on one)
_SOCIETY = r"(?-i:[Ww]hich (?:union|association|society|federation|coalition|charity|nonprofit|non-profit)s?)"
_OFFICIAL = (r"(?:official|officer|person|member|consultant|auditor|engineer|contractor|"
             r"administrator|judge|commissioner|director|manager|clerk|chair|chairperson|"
             r"mayor|superintendent|president|secretary|treasurer|attorney|inspector|planner|"
             r"mp|senator|councillor|councilor|councilmember|trustee|legislator|minister|candidate|"
             # the -man offices with their plurals ("which aldermen ...")
             r"(?:alder|chair|council|select|assembly|congress)(?:man|men|woman|women))")
# the offices only a person holds (not a clerk, a mayor, a treasurer: "the Office of the
# County Clerk" answers "which clerk certified the results", a review's made-up canvass; nor
# a trustee: a bond's trustee is a bank); an officer is one ("which ANAO officer signed the
# report" is no Australian National Audit Office; not "official": "which official body")
_HUMAN_OFFICE = (r"(?:judge|justice|magistrate|officer|chief|alder(?:man|men|woman|women)|chairman|chairperson|chairwoman|"
                 r"senator|councillor|councilor|councilmember|council(?:man|men|woman|women)|"
                 r"(?:council|board) members?|"
                 r"legislator|candidate|mp|select(?:man|men|woman|women)|assembly(?:man|men|woman|women)|"
                 r"congress(?:man|men|woman|women))(?!['’]s\b| office)")
_SOME = r"(?:[\w'’&.,-]+ ){0,5}"  # up to five words ("Manchester, MN") between "what" and the noun it asks about

# question form -> the kinds an answer line may hold; first match wins
# a search-box query: no question word anywhere, not opening on a verb ("is the fee ...",
# "tell me ...")
_SEARCH_BOX = (r"^(?!.*\b(?:what|which|who|whom|whose|when|where|why|how)\b)"
               r"(?!\W*(?:is|are|was|were|do|does|did|can|could|should|would|will|may|must|has|have|had|"
               r"tell|list|show|give|explain|describe|compare|summari[sz]e)\b)")
_ASKS: tuple[tuple[re.Pattern, tuple[str, ...]], ...] = tuple((re.compile(p, re.I), k) for p, k in (
    # "why", "for what reason", "how come" ask for a reason, whatever the question names
    # ("why do employees pay higher premiums?" asks for no amount)
    (r"^(?:[\w,'’]+ ){0,3}(?:why|how come)\b|\bfor what reasons?\b", ()),
    # "do bidders have to attend", "is a permit required", "must I ...": whether something is
    # an obligation, answered by a line saying must, shall, mandatory, optional...
    (r"^(?:do|does|did|is|are|was|were|must|will|should|would)\s+(?:[\w'’-]+\s+){0,6}?"
     r"(?:have to|has to|had to|need to|needs to|required|requires?|mandatory|obligated|obliged|must)\b",
     ("obligation",)),
    # how a body voted: the count or the word that says it ("what was the council's vote on
    # ...", "how did the board vote", "vote tally")
    (r"\b(?:what|how) (?:was|were|is|are) (?:the )?(?:[\w'’-]+ ){0,3}?(?:vote|votes|tally)\b|"
     r"\bhow did (?:[\w'’-]+ ){0,7}?vote\b|\bvote (?:count|tally|results?)\b|"
     # "what were the yeas and nays on ...", "the ayes and noes" (not "roll call": "who was
     # absent at roll call" asks a person, a review found)
     r"\b(?:yeas|ayes) and (?:nays|noes)\b", ("vote",)),
    # "how early", "how late": a time of day, or a span before or after one ("how early do
    # buses get to school before the bell?" is "15 minutes before the first bell")
    (r"\bhow (?:much )?(?:late|early|earlier|later)\b", ("time", "duration")),
    # "by when must ... change the bell time": a deadline's day, where the question names a
    # time of day as its subject ("8:30am" is the bell's, no deadline); otherwise a deadline
    # may be a time as well ("by 9:00 a.m. each day": the "when" form below)
    (r"\bby when\b(?=.*\btimes?\b)", ("date",)),
    (r"\b(?:what|which) (?:time|hours?)\b|\bat what hour\b|"
     # "which afternoon hours count as the peak period": the hours of a part of the day
     r"\b(?:what|which) (?:morning|afternoon|evening|night|daytime|peak|business|office) hours\b|"
     r"\bwhat (?:are|were|is|was) the (?:[\w-]+ ){0,3}hours\b|"
     # "what are Springboro, Ohio park hours", "what are the library's hours": the hours a
     # place keeps (not hours worked, billed or logged: a count)
     r"\bwhat (?:are|were|is|was) (?:[\w,'’-]+ ){0,5}?(?:park|office|business|opening|operating|visiting|"
     r"library|pool|beach|lobby|counter|store|landfill|station|center|centre|building|summer|winter|"
     r"weekend|weekday|holiday)['’]?s? hours\b|\bhours of (?:operation|business)\b|"
     # "what is the latest end time of ...": a time of day an event starts or ends at (not a
     # "response time" or a "time limit": spans of time)
     r"\bwhat (?:are|were|is|was) the (?:[\w-]+ ){0,2}(?:start|starting|end|ending|closing|opening|"
     r"finish|finishing|beginning|adjournment|latest|earliest) times?\b|"
     # "what later closing time did the board approve", "which start time"
     r"\b(?:what|which) (?:[\w-]+ ){0,2}?(?:start|starting|end|ending|closing|opening|finish|"
     r"finishing|beginning|adjournment) (?:times?|hours?)\b", ("time",)),
    # a credit rating: named as one ("credit rating", "bond rating") or beside an agency
    # ("what rating does Moody's give", "how does S&P rate the city")
    (r"\b(?:credit|bond|bonds|issuer|debt)\s+ratings?\b|\bratings?\b.*\b(?:moody['’]?s|s&p|standard (?:&|and) poor['’]?s|fitch|kroll)\b|"
     r"\b(?:moody['’]?s|s&p|standard (?:&|and) poor['’]?s|fitch|kroll)\b.*\b(?:ratings?|rated?|rates)\b", ("rating",)),
    (r"\b(?:what|which) months?\b|\bin which months?\b", ("month",)),
    # ("what print date appears", "which meeting date was set": a date named by its kind)
    (r"\b(?:what|which) (?:dates?|days?|years?|deadline)\b|\bby what date\b|\b(?:what|which) [a-z-]+ dates?\b(?! range)|"
     r"\bwhat (?:is|was) the (?:deadline|effective date|due date)\b|"
     # "what is the date on Addendum No. 1", "what was the hearing date" (not a date range)
     r"\bwhat (?:is|was|are|were) the (?:[\w-]+ ){0,2}?dates?\b(?! range)", ("date", "time")),
    # (with its kind of address: "what street address is printed on the cover", "which
    # mailing address")
    (r"\bwhere\b|\b(?:what|which) (?:(?:street|mailing|postal|physical|office|home|exact|billing|e-?mail) )?"
     r"(?:address|location|place|city|county|town|village|township|borough|hamlet|neighbou?rhood|park|building|room)\b|"
     # "what is the address of the Main Branch?" (a review's made-up library page: no kind
     # asked, so the branch manager's line answered)
     r"\bwhat (?:is|was|are|were) (?:the |its |their )?(?:street |mailing |postal |physical |exact |e-?mail )?(?:address|location)\b",
     ("place",)),
    # a password, a passcode, a meeting's id: given with its label ("Passcode: 812345")
    (r"\b(?:password|passcode|pass code|pin|access code|(?:meeting|webinar|conference|event) (?:id|number))\b",
     ("access",)),
    # a number to call: a telephone number however written
    (r"\b(?:phone|telephone|fax|contact) (?:number|line|no)\b|\b(?:dial-in|call-in)\b|"
     r"\bwhat number (?:do|should|can) (?:i|you|we) call\b|\bnumber to call\b|"
     # "how do I reach the transit office by phone?", "call ... by telephone"
     r"^\W*how (?:do|can|should|would) (?:i|we|you|one) (?:reach|call|contact|get hold of)\b"
     r".*(?<!other than )\bby (?:tele)?phone\b", ("phone",)),
    (rf"\b(?:what|which) {_SOME}(?:code|identifier|id|designation|(?<!the )(?<!total )number)\b", ("code",)),
    # "which two bus routes were eliminated", "what route serves the airport" (not "what route
    # changes", a route's map or schedule, nor an event's or a detour's way: streets; not
    # "what was Route 7 ridership": a route the question names)
    (r"^(?!.*\b(?:parade|detour|procession|marathon|race|walk|evacuation|haul|hauling|truck|trucks)\b)"
     r".*\b(?:what|which) (?:(?!(?:is|was|are|were|do|does|did|will|would|has|have|had)\b)[\w-]+ ){0,2}?routes?\b"
     r"(?! (?:map|maps|schedule|schedules|change|changes|planning|network|miles|mileage|length|service|hours|"
     r"ridership|number|numbers)\b)(?!\s*#?\d)", ("route",)),
    (r"\bwho (?:signed|seconded|moved|presided|chaired|made the motion)\b", ("person",)),
    # "who" asks for a person; a firm answers only when the question asks who did what a
    # firm does (won a contract, supplies, operates...)
    (r"\bwho (?:won|was awarded|were awarded|is awarded|got|received|supplies|supplied|provides|"
     r"provided|operates|operated|runs|ran|owns|owned|builds|built|manufactures|insures|audits|"
     r"audited|services|maintains|maintained|bought|sold|leases|leased)\b", ("organisation", "person")),
    (r"^(?:[\w,]+ ){0,3}(?:who|whom|whose)\b", ("person",)),
    # "send proposals to whom", "to whom should complaints go": a person or an office, wherever
    # it stands ("whom" after a preposition asks as "who" does)
    (r"\b(?:to|from|with|by|for) whom\b", ("person", "organisation")),
    # a search-box query asking "who" after a break ("guelph june 16 2014 amalgamation - who
    # voted no?", "cb1 resolution: who moved it"); not a relative "who" after a noun
    # ("residents who ...")
    (r"(?:^|\s[-–—:;]\s*|,\s*)(?:who|whom)\s+(?:voted|moved|seconded|signed|chaired|presided|won|is|was|were|are)\b",
     ("person",)),
    (r"\bin (?:cents|dollars|millions|thousands|billions|euros|pounds|francs)\b",
     ("amount", "rate")),
    # "how many cents per mile" asks for a sum of money, not a count
    (r"\bhow many (?:cents|dollars|euros|pounds|pence)\b", ("amount", "rate")),
    (r"\bhow many (?:more |fewer )?(?:seconds|minutes|hours|days|weeks|months|years)\b|"
     r"\bhow much (?:[\w-]+ )?(?:notice|time|warning|leave|vacation|time off)\b", ("duration",)),
    # (metric units too: "how many tonnes" asks a weight, not a count)
    (r"\bhow many (?:feet|inches|yards|miles|meters|metres|kilometers|kilometres|gallons|liters|litres|"
     r"acres|hectares|kilowatts|kilowatt-hours|kwh|kw|megawatts|megawatt-hours|mwh|(?:square|cubic) \w+|"
     r"acre-feet|therms|pounds|tons|tonnes|kilograms|stories|storeys)\b", ("measure",)),
    # "by what percentage did the number of events fall" asks for the share, not the count
    # a share asked by its name is a share, never a sum nor a sum per period: "what share of
    # households ...", "what percent of graduates ..." ("$69,800 a year" answers neither)
    (r"\b(?:what|which) (?:percent|percentage|share|proportion|fraction)\b", ("percentage",)),
    # a return on money is a share of it ("what return on equity did the DPU approve": "9.60%";
    # "the allowed rate of return", "ROE"): finance's names for a rate (not "yield": a well's
    # is a flow, a field's a weight)
    (r"\breturns? on (?:common )?(?:equity|investment|assets|capital|rate base)\b|\brates? of return\b|"
     r"(?-i:\b(?:ROE|ROI|IRR)\b)", ("percentage", "rate")),  # (in capitals: "what did John Roe bid")
    (r"\bhow many\b|\b(?:the|a|total) number of\b|\bnumber (?:registered|enrolled|employed|eligible)\b|"
     # a count named by its noun ("what was the actual headcount of the 75th Precinct")
     # ("what was the TTC's record single-day ridership"; not "the population served fee")
     r"\bwhat (?:is|was|were|are) (?:the )?(?:[\w'’-]+ ){0,3}?(?:headcount|head count|enrollment|enrolment|"
     r"ridership|population|caseload|boardings)\b(?! (?:fees?|rates?|charges?|growth|density|estimates? (?:method|source)))",
     ("count",)),
    # a count's change ("by how much did Woodson's budgeted enrollment change"): a count or a share
    (r"\bhow much (?:did|does|will|has|have|had|would) (?:[\w'’.,-]+ ){0,6}?(?:headcount|enrollment|enrolment|ridership|"
     r"population|caseload|boardings|attendance|membership|visits|visitors|students|residents)\s+"
     r"(?:change|changed|grow|grew|increase|increased|decrease|decreased|rise|rose|fall|fell|drop|dropped|decline|declined)\b",
     ("count", "percentage")),
    (r"\b(?:what|which) (?:percent|percentage|share|portion|proportion|fraction)\b|"
     r"\bhow much of\b|\binterest\b|\b(?:what|which) (?:credit|discount|reduction|increase)\b|\bpercent(?:age)?\b|"
     # "what raise did the teachers get", "what pay raise", "what rate hike" (not "which hike
     # is the longest": a walk)
     r"\b(?:what|which) (?:[\w-]+ ){0,2}?(?:raise|raises)\b(?! (?:the|a|an|its|their)\b)|"
     r"\b(?:what|which) (?:[\w-]+ )?(?:rate|tax|fee|price|pay|wage|fare|rent) hikes?\b|"
     # a rate that is a share by its name ("the jobless rate", "the turnout rate")
     r"\b(?:tax|discount|growth|vacancy|unemployment|jobless|turnout|participation|graduation|poverty|"
     r"inflation|occupancy|attendance|completion|response|collection|default|error) rate\b|"
     r"\bhow much (?:[\w-]+ ){0,2}(?:growth|increase|decrease|raise|reduction|cut|discount)\b",
     ("percentage", "rate", "amount")),
    # the capacity of a room, a vehicle, a shelter, a school is a number of people or places
    # ("Seating capacity is 33", "120 beds"), not a measure with a unit
    (r"\b(?:what|which) (?:[\w'’&.-]+ ){0,5}(?:seating|occupancy|passenger|bed|parking|student|shelter) capacity\b",
     ("count", "measure")),
    # a size may be a share or a sum ("20% of the budget", "$2 million")
    (r"\bhow (?:big|large)\b|\b(?:what|which) (?:[\w'’&.-]+ ){0,5}(?:size|capacity)\b",
     ("measure", "percentage", "amount")),
    # "how far ahead must I register", "how far in advance": a span of time before an event,
    # not a distance ("how far out", "how far before turning" measure one: a review's)
    (r"\bhow far (?:ahead|in advance|beforehand)\b", ("duration",)),
    (r"\bhow (?:wide|tall|high|deep|far|heavy|thick)\b", ("measure",)),
    # a committee or commission asked ("which committee was the act referred to"; not its
    # members, its chair, its meeting)
    (r"\b(?:which|what) (?:[\w'’&.-]+ ){0,3}?(?:sub)?(?:committee|commission)s?\b"
     r"(?! (?:members?|chair\w*|staff|meetings?|hearings?|reports?|minutes|vote|does|do|did|will|would)\b)",
     ("organisation",)),
    # a person's age ("how old was ...", "what age is given for ...", "the minimum age to
    # rent"): a count of years
    (r"\bhow old\b|\b(?:what|which|at what) ages?\b|\bwhat (?:is|was|are|were) the (?:[\w-]+ )?age\b",
     ("count", "figure", "duration")),
    # a turnout asked is a share of the voters or a count of ballots ("what was voter turnout in
    # precinct 1"; not a firefighter's turnout gear or turnout time)
    (r"\b(?:what|how) (?:was|were|is|are) (?:the )?(?:[\w'’-]+ ){0,3}?turnout\b(?! (?:gear|time|times|coat|lane)\b)",
     ("percentage", "count", "figure")),
    # how many attended ("what was poll worker attendance"; not an attendance policy)
    (r"\b(?:what|how) (?:was|were|is|are) (?:the )?(?:[\w'’-]+ ){0,4}?attendance\b"
     r"(?! (?:policy|policies|rules?|requirements?|records?|zones?|areas?|boundar\w+)\b)", ("count",)),
    # a tax asked for whom or on what is its sum or its rate ("what is the basic community tax
    # for an individual"; not "which tax pays for the library": its name)
    (r"\bwhat (?:is|was|are|were) (?:the )?(?:[\w'’-]+ ){0,3}tax(?:es)? (?:for|on|per|due|owed|payable|levied)\b",
     ("amount", "percentage", "rate")),
    (rf"\b(?:what|which) {_SOME}(?:{_MONEY}|payments?(?! (?:methods?|options?|plans?|portals?|address|dates?|due)\b))\b|"
     rf"\b(?:what|how much(?: more| less| extra)?) (?:does|do|did|will|would) .* (?:cost|pay|charge)\b(?! for)|"
     # "what does the credit union charge for a domestic wire", "what does a resident pay for a
     # season pass" (not "what does the fee pay for?": what it buys)
     rf"\bwhat (?:does|do|did|will|would) .* (?:charge|pay) for (?:an?|each|every|one|the) \w|"
     rf"\bhow much (?:\w+ ){{0,2}}(?:does|do|did|will|would) .* (?:bring in|brought in|collect|earn|generate|raise)\b|"
     # "what did Hughes Supply bid for the boxes", "what did the board approve spending on ..."
     rf"\bwhat (?:does|do|did|will|would) (?:[\w&'’.-]+ ){{1,8}}(?<!\bthe )(?<!\ba )(?<!\ban )(?<!\btheir )(?<!\bits )"
     rf"(?:bid|bids|spend|spending|owe|owes)\b(?! (?:bond|bonds|documents?|packages?|forms?|security)\b)|"
     rf"\bwhat (?:are|were|was|is) .*\b{_MONEY}\b", ("amount", "rate")),
    # "which ... company" asks for one; "what is a holding company" asks for a definition
    (rf"\bwhich {_SOME}{_BODY}\b|\bwhat {_BODY}\b|\b{_SOCIETY}\b", ("organisation",)),
    # an office only a person holds asks a person ("which judge wrote the opinion": not the
    # protester, a firm); one a firm may fill, a person or an organisation ("which members",
    # "which contractor", "what auditor")
    (rf"\bwhich {_SOME}{_HUMAN_OFFICE}s?\b|\bwhat {_HUMAN_OFFICE}s?\b", ("person",)),
    (rf"\bwhich {_SOME}{_OFFICIAL}s?\b|\bwhat {_OFFICIAL}s?\b", ("person", "organisation")),
    (rf"\b(?:what|which) {_SOME}temperature\b|\bhow (?:hot|cold|warm)\b", ("temperature",)),
    (rf"\b(?:what|which) {_SOME}voltage\b", ("voltage",)),
    (rf"\b(?:what|which) {_SOME}pressure\b", ("pressure",)),
    (rf"\b(?:what|which) {_SOME}(?:width|height|depth|length|distance|setback|thickness|diameter|radius)\b",
     ("length",)),
    (rf"\b(?:what|which) {_SOME}(?:area|acreage)\b", ("area", "length")),
    (rf"\b(?:what|which) {_SOME}weight\b|\b(?:what|how much) (?:does|do|did|will) (?:[\w'’-]+ ){{0,8}}?weigh\b",
     ("weight",)),
    (rf"\b(?:what|which) {_SOME}(?:size|width|height|depth|length|capacity|flow|area|distance|"
     r"weight|voltage|temperature|pressure|speed|volume|demand)\b|"
     r"\b(?:maximum|minimum) (?:size|width|height|depth|length|capacity|flow|demand)\b", ("measure",)),
    # a level, a limit, a range, a percentile is a figure of some sort, however it is written
    # ("6.5 - 8.5", "0.12", "ND": not detected)
    # a search's words opening on the statistic asked ("highest airspeed the module can make")
    # "what was the police department's annual total of calls": a figure, however many words
    # name whose it is (the form "what (is|was) the ... total|average" asks for nothing else)
    (r"\bwhat (?:is|was|were|are) the (?:[\w'’&.,-]+ ){1,8}?(?:total|average|mean|median)\b(?! (?:number|amount|cost|price) of\b)",
     ("measure", "amount", "percentage", "rate", "count", "figure")),
    (r"^(?:highest|lowest|maximum|minimum|largest|smallest)\b",
     ("measure", "amount", "percentage", "rate", "count", "figure")),
    (rf"\b(?:what|which) (?!(?:does|do|did)\b){_SOME}(?:range|ranges|limit|limits|cap|level|levels|percentile|"
     r"concentration|elevation|total|reading|readings|residual|residuals|measurement|measurements|"
     r"average|mean|median|maximum|minimum|highest|lowest|peak|threshold|score)\b",
     ("measure", "amount", "percentage", "rate", "count", "figure")),
    # how long a thing takes or lasts is a span of time, not a size ("how long did it take
    # engines to drive to calls": no count of a table's cell answers it)
    (r"\bhow long (?:does|did|do|will|would|should|can|could|may|might|must|is it|was it)\b"
     r"(?:(?! is | are | was | were )[\w' ,-]){0,60}?\b(?:take|takes|took|last|lasts|lasted|wait|stay|remain|keep|"
     r"run|hold|be held|be kept|be retained|be valid)\b", ("duration",)),
    (r"\bhow long\b|\b(?:longest|shortest)\b", ("duration", "measure")),
    (r"\bhow soon\b|\bwhat (?:period|term)\b", ("duration", "date")),
    (r"\bhow often\b", ("duration", "count")),
    # (not "how much is the water infrastructure fee": the price of it, a sum)
    (r"\bhow much (?:[\w-]+ ){0,3}(?:water|wastewater|sewage|power|electricity|energy|gas|flow|space|land|"
     r"rain|snow|territory|area|ground|acreage|dirt|earth|soil|fill|gravel|sand|salt|waste|trash|garbage|"
     r"debris|sludge|leachate|asphalt|concrete|mulch)\b(?! (?:[\w-]+ ){0,2}(?:fee|fees|charge|charges|cost|costs|"
     r"price|prices|bill|bills|rate|rates|tax|taxes|tariff|surcharge|worth)\b)",
     ("measure", "area", "amount")),
    # a substance's amount: a measure, or a share of what holds it ("272mg of alcohol per
    # 100ml of blood", "6% alcohol by volume"), or its price
    (r"\bhow much (?:[\w-]+ ){0,3}(?:alcohol|chlorine|fluoride|nitrate|arsenic|copper|sodium|fuel|oil|diesel|"
     r"gasoline|propane)\b(?! (?:[\w-]+ ){0,2}(?:fee|fees|charge|charges|cost|costs|price|prices|bill|bills|rate|"
     r"rates|tax|taxes|tariff|surcharge|worth)\b)",
     ("measure", "percentage", "amount")),
    # a sum put on someone or spent ("how much was the company fined", "how much was spent
    # on snow and ice"): money, not a share ("how much are participants refunded", "how much
    # more are employees paid", "how much is charged on late bills" may be a share)
    (r"\bhow much (?!of\b)(?:[\w'’&.-]+ ){0,8}?(?:fined|spent|owed|billed|awarded|donated)\b|"
     # money by its name: "how much new money does the agreement cost", "how much funding did
     # the district receive" (not "1% increase": a share is no sum of money)
     r"\bhow much (?!of\b)(?:[\w'’&.-]+ ){0,2}?(?:money|funding|funds|dollars|cash)\b(?! (?:[\w-]+ ){0,3}(?:as a )?(?:share|percent|percentage)\b)"
     # (not a change, which a share may answer: "how much federal funding did the district lose" is
     # "fell 12%")
     r"(?!.*\b(?:lose|lost|cut|drop|dropped|fall|fell|decline|declined|change|changed|grow|grew|increase|"
     r"increased|decrease|decreased|rise|rose|shrink|shrank)\b)|"
     # "what's the most you can be fined for ...", "the least a member pays"
     r"\bthe (?:most|least) (?:[\w'’-]+ ){0,4}?(?:fined|charged|billed|pays?|paid|owes?)\b",
     ("amount", "rate")),
    (r"\bhow much\b", ("amount", "rate", "percentage")),
    # what an account or a fund holds, or a budget lacks ("the treasurer's account balance
    # reported at the June meeting", "the general fund ending balance", "the operating
    # deficit"); not a leave balance (hours), "work-life balance", "declared surplus", nor a
    # fund balance policy
    (r"\b(?:account|fund|cash|bank|ending|closing|opening|outstanding|loan|credit|reserve)\s+balances?\b"
     r"(?!\s+(?:policy|policies|requirements?|targets?|ratios?|goals?|sheets?)\b)|"
     r"\bbalances?\s+(?:of|in|on)\s+(?:the\s+|its\s+|their\s+)?(?:[\w'’-]+\s+){0,3}?(?:account|fund)s?\b|"
     # ("what balance was left in the fundraising account": what it had left)
     r"\bbalances?\s+(?:was\s+|is\s+|were\s+|are\s+)?(?:left|remaining|remains|remained|carried forward)\b|"
     r"\b(?:budget|budgetary|operating|fund|cash|year-end|annual)\s+(?:surplus|deficit)\b(?!\s+(?:property|equipment))",
     ("amount", "rate")),
    # a yes-or-no question naming a price ("Is there a fee for ...?", "Does the city charge
    # ...?"), not a "when" or "where" one that names it ("when does the charge begin?")
    (rf"^(?!\W*(?:when|where|who|whom|why|what|which|how)\b)(?:[\w,'’]+ ){{0,3}}?"
     rf"(?:is|are|was|were|does|do|did|can|will|has|have) (?:[\w'’-]+ ){{0,8}}{_MONEY}\b",
     ("amount", "rate")),
    # "when" asking: opening the question (after a word or three: "so when is ...", "tell me
    # when ..."), after a break or a conjunction ("- when?", "and when"), or after a verb of
    # knowing; not a conjunction inside a search box's phrase ("Ottawa demolition permit fee
    # when the property is designated under the Heritage Act": a fee's condition)
    (r"^\W*(?:[\w,'’]+ ){0,3}when\b|(?:[-–—:;,(]\s*|\b(?:and|or|but|since|until|till)\s+)when\b|"
     r"\b(?:know|tell me|tell us|say|says|find out|ask|asked|wondering|wonder|sure)\s+when\b", ("date", "time")),
    # a search box closing on a season ("lakefork spring site access season", "trout fishing
    # season 2024") asks when it runs; not one naming a price ("price of a pool pass for the
    # season")
    (_SEARCH_BOX + rf"(?!.*\b{_MONEY}\b).*\bseasons?(?: (?:in |for )?(?:19|20)\d\d)?\W*$", ("date", "month")),
    # a search-box query names what it wants last ("yonkers plant air permit expiration
    # date", "tree removal permit cost now"): the head of a noun phrase is its last noun,
    # though a month or a year may follow it ("regular meeting date may 2020", "filing
    # deadline for 2024")
    (rf"\b(?:dates?|deadlines?)(?: now| today| currently| (?:(?:in|for|of) )?(?:{MONTH} )?(?:19|20)\d\d"
     rf"| (?:in|for) {MONTH})?\W*$", ("date", "time")),
    (rf"\b{_MONEY}(?: now| today| currently)?\W*$", ("amount", "rate")),
    # a search box closing on a process's time ("registration approval time", "permit
    # processing time") asks how long it takes, not a time of day
    (_SEARCH_BOX + r".*\b(?:approval|processing|response|review|turnaround|waiting|wait|travel|notice|"
     r"lead|decision|completion|reaction) time\W*$", ("duration",)),
    # (not "a second time", "each time": how often, no time of day)
    (r"(?<!first )(?<!second )(?<!third )(?<!last )(?<!next )(?<!each )(?<!every )(?<!one )(?<!any )"
     r"(?<!same )(?<!another )\b(?:time|hours)(?: now| today| currently)?\W*$|"
     # or a time and the event it is of, last ("cb1 march 2019 full board - time adjourned")
     + _SEARCH_BOX + r".*\btime (?:adjourned|started|began|ended|convened|opened|closed|called to order)\W*$",
     ("time",)),
    # a search-box query ending in "votes" ("ottawa county minneapolis mayor votes 2023"); not
    # a question ("which ordinances passed with unanimous votes?")
    (r"^(?!.*\b(?:what|which|who|whom|whose|how|when|where|why|did|does|do|was|were|is|are)\b)"
     r".*\b(?:votes|vote counts?|vote totals?)(?: (?:in )?(?:19|20)\d\d)?\W*$", ("count",)),
    # (not where the query names a price: "cost of a general dog licence covering several dogs
    # kept at one location" asks the cost)
    (r"^(?!.*\b(?:cost|costs|fee|fees|price|prices|charge|charges|fine|fines)\b)"
     r".*\b(?:address|location)(?: now| today| currently)?\W*$", ("place",)),
    # a search-box query naming a thing's number ("report number for the HHS audit of ...",
    # "permit number for 42 Main St", "Bill number of the ... Act"; not "number of votes", a count)
    (r"^(?!.*\b(?:what|which|who|whom|whose|how|when|where|why)\b)"
     r"(?!\W*(?:is|are|was|were|do|does|did|can|could|should|would|will|may|must|has|have|had)\b)"
     r".*\b(?!(?:the|a|an|total)\b)[a-z]+ number\b(?! of\b(?! the\b)| (?:registered|enrolled|employed|eligible|voters|"
     r"residents|people|employees|students|members|customers|households)\b)", ("code",)),
    # a search-box query naming a limit, a level, a range ... asks for a figure, as the
    # question form does ("ambulance cover limit for plan b")
    (_SEARCH_BOX + r".*\b(?:limit|limits|level|levels|"
     r"range|maximum|minimum|threshold|percentile|concentration|cap|mean|average|median|elevation|total)\b"
     # or closing on a volume ("CSO overflow volume in 2005"; not "volume charge per ccf")
     r"|^(?!.*\b(?:what|which|who|whom|whose|when|where|why|how)\b).*\bvolumes?(?: (?:in|for|during) \S+)?\W*$",
     ("measure", "amount", "percentage", "rate", "count", "figure")),
    # a search-box query (no question word, not opening on a verb) that
    # names a price asks for it wherever the word stands ("mlgw schedule tgs service charge
    # per delivery point 2021", "cleveland residential winter rate per kwh first 1000 kwh"),
    # or a share of one ("water rate split between base charge and consumption": 77%-23%);
    # one naming a share and no sum asks the share ("charlottesville share of households
    # below poverty line")
    (_SEARCH_BOX + rf"(?!.*\b(?:{_MONEY})\b).*\b(?:share|percent|percentage|proportion)\b",
     ("percentage",)),
    # ("library expenses FY2022 actual": a search box's expenses are a sum; "what expenses
    # are reimbursable" asks which)
    (_SEARCH_BOX + rf".*\b(?:{_MONEY}|share|percent|percentage|expenses?)\b",
     ("amount", "rate", "percentage")),
    # a bid named by its standing asks its sum ("us50 box culvert low bid", "what was the
    # winning bid on ..."); not the bidder ("low bidder": a firm) nor a bid's bond or papers
    (r"\b(?:low|lowest|winning|successful|high|highest)\s+bids?\b(?! (?:bond|bonds|documents?|packages?|"
     r"forms?|security|opening|date)\b)", ("amount",)),
))


# "what's" is "what is": a contraction must not hide the form of the question
_CONTRACTION = re.compile(r"\b(what|who|where|when|how|which|that)['’](s|re)\b", re.I)


@lru_cache(maxsize=4096)
def asked(question: str) -> tuple[str, ...]:
    """The kinds an answer to `question` must hold one of; () when its form asks for none."""
    text = _CONTRACTION.sub(lambda m: m.group(1) + (" is" if m.group(2).lower() == "s" else " are"),
                            " ".join(question.split()))
    for pattern, kinds in _ASKS:
        if pattern.search(text):
            if kinds == ("code",) and _NAMES_A_CODE.search(text):
                return ()  # "what area code is 949?" asks what the code is, not for one
            return kinds
    return ()


# a question that gives a code itself: a number of three digits or more after a code's word,
# or before a form of "be" ("area code is 949", "what code 43775 is")
_NAMES_A_CODE = re.compile(r"\b(?:code|number|no\.?)\s+(?:is\s+|was\s+)?#?\d{3,}\b|\b\d{3,}\s+(?:is|was)\b", re.I)


@lru_cache(maxsize=1)
def given_names() -> frozenset[str]:
    """First names, lower case: the 37,000 of the name dictionary that the package
    gender-guesser ships (Jörg Michael's nam_dict.txt, names of 50 countries; GNU FDL).
    Read once, in about 50 ms, the first time a question asks for a person."""
    from importlib import resources

    names: set[str] = set()
    with resources.files("gender_guesser").joinpath("data", "nam_dict.txt").open(encoding="iso8859-1") as f:
        for line in f:
            if line[:1] in "#=" or len(line) < 30:
                continue
            names.update(w.lower() for w in line[3:29].replace("+", " ").split())
    return frozenset(names)


# a title opening the match, not its possessive ("Mayor's Functions" is a heading)
_TITLED = re.compile(rf"^(?:{_TITLE}|{_TITLE_CAPS})\b(?!['’]s\b)")
# an office after a name, set off by a comma or a table's gap ("Nkechi Okonkwo, Director of
# Finance", "Reeta Madhavan  Chief Financial Officer"): the name is a person's, whatever
# its first name
_OFFICES = ("director|manager|superintendent|president|chair|chairman|chairperson|chairwoman|secretary|"
            "treasurer|clerk|attorney|engineer|officer|administrator|commissioner|councilmember|"
            "councilor|councillor|mayor|trustee|coordinator|analyst|planner|inspector|supervisor|"
            "principal|controller|auditor|counsel|judge")
_OFFICE_AFTER = re.compile(rf"(?:,\s*|\s{{2,}}|\s*\|\s*)(?:the\s+)?(?:[A-Za-z&]+\s+){{0,3}}?(?:{_OFFICES})\b", re.I)
_OFFICE_WORDS = frozenset(_OFFICES.split("|"))


def _a_person(match: str) -> bool:
    """A person-shaped match names a person: it opens with a title ("Mayor Kibbey"), or its
    first word is a first name ("Wendy Gudalewicz", "JOHN Q SMITH"). Two capitalised words
    alone are as often a heading ("Baseline Cost", "Franchise Tax")."""
    if _TITLED.match(match) or _ROLL_OPENS.match(match):
        return True
    first = re.split(r"[\s.]+", match.strip(), maxsplit=1)[0].lower()
    if first in _PLACE_OPENERS:
        return False
    # a double first name is one when each of its halves is ("Rose-Ann", "Hans-Peter")
    return first in given_names() or "-" in first and all(
        half in given_names() for half in first.split("-"))


# a firm's name that opens on a first name: its last word a business's ("Irving Holdings",
# "Morgan Stanley Partners"), or a company's suffix after it ("Alto Operations, LLC")
# (with _ORG_SUFFIX's words: "Partners", "Services", "Group")
_FIRM_NAMED = re.compile(r"\b(?:Holdings|Associates|Enterprises|Industries|Properties|Ventures|"
                         r"Capital|Consulting|Construction|Engineering|Solutions|Systems)$")
_FIRM_AFTER = re.compile(r",?\s+(?:Inc|LLC|L\.L\.C|Corp|Corporation|Company|Co|Ltd|LLP|PLLC|P\.C)\b\.?")


# words that open place names and are first names too ("San Francisco", "Santa Rosa")
_PLACE_OPENERS = frozenset("san santa los las el la le del st saint fort port mount lake".split())


_ORG_SUFFIX = re.compile(r"\b(?:Company|Co\.|Corporation|Corp\.?|Inc\.?|LLC|LLP|Ltd\.?|District|Department|"
                         r"Agency|Authority|Commission|Council|Board|Bureau|Administration|Association|"
                         r"Bank|Utility|Utilities|Office|Division|Group|Partners|Services|Union|Coalition|"
                         r"Foundation|Federation|Society|Charity|Committee|Subcommittee)$")
_COMMON = frozenset(_NOT_NAMES.split("|"))
@lru_cache(maxsize=1)
def common_terms() -> frozenset[str]:
    """The stems of the common words of names (_NOT_NAMES: place, body, document and calendar
    words): "permit", "board", "water" name a kind of thing, not which one."""
    return frozenset(t for w in _COMMON for t in content_terms(w))


_NONE = re.compile(r"no\b|free\b|n/c\b")


# words that open a sentence or a phrase, not a name: "If Council approves ...", "The Board"
_OPENERS = frozenset("if when whereas where while since until unless although because once the "
                     "this that these those a an and or but as at by for in on of to with from "
                     "upon after before during our their its his her your my".split())


def _org_run(match: str, asked_terms: Collection[str] = ()) -> bool:
    """An organisation-shaped match names one: it ends in a body's word (Company, District,
    LLP...), or it is a run of capitalised words whose last is no common word ("Gateway
    Pacific", "We Energies"; not "Board Meeting") and none of which the question says: a
    capitalised run holding the question's own words is the title of its topic
    ("ADMINISTRATIVE LAW JUDGE'S RULING" for "which administrative law judge signed ...",
    "BID PACKAGE" for "who put in the lowest bid"), not the name it asks for. Words opening a
    sentence or phrase are no part of a name ("If Council", "The Board": a body's word alone
    names none)."""
    words = match.replace("&", " ").split()
    while words and words[0].lower() in _OPENERS:  # "If Council approves ...": no name
        words = words[1:]
    if len(words) < 2:
        return False
    if _ORG_SUFFIX.search(match):
        return True
    if asked_terms and set(content_terms(match)) & set(asked_terms):
        return False
    last = words[-1].strip(".,").lower()
    return last not in _COMMON and last not in _OFFICE_WORDS  # "City Manager": an office


# "a $30,770.00 contingency allowance", "the $500 deposit": an article, the amount, and the
# thing it is the amount of
_ARTICLE_BEFORE = re.compile(r"\b(?:a|an|the)\s+$", re.I)
_NOUN_AFTER = re.compile(r"\s+([a-z][a-z-]+)")
# the words that may stand after an amount without naming another thing: a scale, a period,
# a limit ("a $4.3 million transfer" is the transfer's; "a $25 monthly fee", "a $5 minimum")
_AMOUNT_MODIFIERS = frozenset("million billion thousand per each monthly annual annually yearly "
                              "weekly daily hourly flat minimum maximum total base plus".split())


def _of_another(text: str, start: int, end: int, asked_terms: Collection[str]) -> bool:
    """The amount is another thing's: an article stands before it and a word after it that
    the question does not say, nor any word asking for an amount ("including a $30,770.00
    contingency allowance" for "how much is the city paying ..."; "a $25 fee" stays the
    fee's). The article makes the amount that word's attribute, not the figure asked for."""
    if not asked_terms or not _before(_ARTICLE_BEFORE, text, start):
        return False
    m = _NOUN_AFTER.match(text, end)
    if m is None or m.group(1) in _AMOUNT_MODIFIERS:
        return False
    named = set(content_terms(m.group(1)))
    return bool(named) and not named & (set(asked_terms) | kind_words(("amount", "rate")))


_WORD_BEFORE = re.compile(r"([\w'’&-]+)[^\w]{0,3}$")
_WORD_AFTER = re.compile(r"[^\w]{0,3}([\w'’&-]+)")


def _inside_topic(text: str, start: int, end: int, asked_terms: Collection[str]) -> bool:
    """The figure stands inside a name the question gives: the words right before and right
    after it are both capitalised, and both question words ("West Loop 8-Inch Water Main"
    for a question on the West Loop water main). It is part of the topic's name, not the
    value asked for; "proposes 45 homes" (lower case) is the answer's own sentence."""
    if not asked_terms:
        return False
    before = _WORD_BEFORE.search(text, max(0, start - _NAMING_REACH), start)
    after = _WORD_AFTER.match(text, end)
    if before is None or after is None or "|" in text[before.end(1):after.start(1)]:
        return False  # (a table's cell bar ends a name: "WEBSITE DESIGN | 5000.00 | STATECRAFT")
    if not (before.group(1)[:1].isupper() and after.group(1)[:1].isupper()):
        return False  # "proposes 45 homes": the question's predicate, not a name
    b, a = content_terms(before.group(1)), content_terms(after.group(1))
    return bool(b) and bool(a) and set(b) <= set(asked_terms) and set(a) <= set(asked_terms)


# a line giving an example's figures, not the document's own: under a heading "Example" (or
# "Billing example", "Sample calculation"...), the lines up to the first that ends a
# sentence; or a line opening "For example", "Example:", "e.g." that supposes ("... a
# budget of $100,000 would require ...", "if a customer uses 900 kWh ..."), where a plain
# "For example, Brookfield charges $11.50" states a fact
_EXAMPLE_HEADING = re.compile(r"^\W*(?:(?:billing|sample|worked)\s+)?(?:examples?|sample calculations?)"
                              r"(?:\s+(?:calculations?|bills?|\d+))?\W*$", re.I)
_EXAMPLE_OPENS = re.compile(r"^\W*(?:for (?:example|instance)\b|examples?\s*[:.\-–—]|e\.g\.|ex:|"
                            r"to illustrate\b|illustration\s*:|suppose\b|assume\b|assuming\b)", re.I)
_SUPPOSES = re.compile(r"\b(?:would|suppose|supposing|assume|assuming|if)\b", re.I)
_EXAMPLE_ENDS = re.compile(r"[.!?:;]\s*$|\|")  # a sentence's end, a label's colon, a table row
_EXAMPLE_LINES = 3  # an example under its heading runs at most this many lines
_ASKS_EXAMPLE = frozenset({"exampl", "sampl", "hypothet", "illustr"})


def examples(texts: Sequence[str], qterms: Collection[str] = ()) -> list[bool]:
    """Which of a passage's lines (in order) give an example's figures: the lines under a
    heading "Example" up to the first that ends a sentence (at most three), and a line
    opening "For example", "Example:", "Suppose" that supposes (would, if, assume). Their
    values illustrate a rule ("An annual water budget of $100,000 would require $77,000 in
    revenue ...") and answer no question on what the rate is — unless the question asks for
    the example. A helper's review on made-up documents shaped the ends: a section running
    on to the next heading hid real rates under "Current rates:" and "2024 RATES", and "For
    example, Brookfield charges $11.50 per ERU" is a fact."""
    if _ASKS_EXAMPLE & set(qterms):
        return [False] * len(texts)
    out, left = [], 0
    for t in texts:
        if _EXAMPLE_HEADING.match(t):
            out.append(True)
            left = _EXAMPLE_LINES
            continue
        under = left > 0
        left = 0 if (not under or _EXAMPLE_ENDS.search(t)) else left - 1
        out.append(under or (_EXAMPLE_OPENS.match(t) is not None and _SUPPOSES.search(t) is not None))
    return out


def holds(text: str, kinds: tuple[str, ...], qterms: Collection[str] = ()) -> bool:
    """Whether `text` carries evidence of any of `kinds` (() : nothing is asked, so True).

    Evidence made only of the question's own terms (`qterms`) does not count: the year the
    question names is not the date it asks for, nor the name it gives the person it asks
    about."""
    if not kinds:
        return True
    return next(evidence(text, kinds, qterms), None) is not None


# a measure's unit as a column's header names it ("Tons This Month", "Flow (MGD)", "Acres")
_HEADER_UNIT = re.compile(r"(?<![\w-])(tons?|tonnes?|gallons?|acres?|feet|miles?|yards?|kwh|mwh|therms?|mgd|"
                          r"pounds?|lbs|hours?|days?)(?![\w-])", re.I)
_HEADER_UNIT_KINDS = frozenset({"measure", "weight", "length", "area", "flow", "power", "duration"})


def unit_rows(lines: Sequence[str], kinds: tuple[str, ...], qterms: Collection[str]) -> set[int]:
    """The rows of a table whose header line names the unit the question names ("how many
    tons of municipal solid waste ..." under "Material  Tons This Month  Tons Last Month
    Change"): their bare figures are measures of it, though no row writes the unit. The
    header holds no figure; the rows are the lines after it that hold one, up to the first
    that does not. Only for a measure asked by its unit's word."""
    if not set(kinds) & _HEADER_UNIT_KINDS:
        return set()
    asked = set(qterms)
    out: set[int] = set()
    under = False
    for i, line in enumerate(lines):
        figure = holds(line, ("figure", "count"))
        if not figure and set(content_terms(" ".join(_HEADER_UNIT.findall(line)))) & asked:
            under = True
        elif under and figure:
            out.add(i)
        elif line.strip():
            under = False
    return out


# a Markdown escape: a backslash before punctuation, which the text shows without it
# ("two \(2\) years" in a converted contract reads "two (2) years")
_ESCAPE = re.compile(r"\\(?=[!-/:-@\[-`{-~])")


# a web address: what it holds is an address, no value ("[JOBS-HOUSING LINKAGE FEE](http://
# library.amlegal.com/...$fn=default.htm$3.0$vid=...)" states no fee of $3.0); its spaces
# kept, so the spans are the text's. A meeting's link holds its access code, so an access
# code or a code asked reads the address too.
_URL = re.compile(r"\b(?:https?://|www\.)[^\s<>\"')\]|]+", re.I)
_READS_ADDRESS = frozenset({"access", "code"})


def evidence(text: str, kinds: tuple[str, ...], qterms: Collection[str] = ()):
    """The (start, end) spans of `text` that are evidence of one of `kinds` (see holds),
    read as the text shows (Markdown's escapes left out: _ESCAPE; a web address's figures
    left out: _URL); the spans are `text`'s."""
    if not _READS_ADDRESS & set(kinds) and _URL.search(text):
        text = _URL.sub(lambda m: " " * len(m.group(0)), text)
    if "\\" in text and _ESCAPE.search(text):
        escapes = {m.start() for m in _ESCAPE.finditer(text)}
        keep = [i for i in range(len(text)) if i not in escapes] + [len(text)]  # shown -> text
        for a, b in _evidence(_ESCAPE.sub("", text), kinds, qterms):
            yield keep[a], (keep[b - 1] + 1 if b > a else keep[a])
        return
    yield from _evidence(text, kinds, qterms)


def _label_figures(text: str, kinds: tuple[str, ...]):
    """A label's bare figure, as a table's row prints in a PDF: "Biweekly 80.80" (a short
    label and a sum in cents: _LABEL_SUM) for an amount, "VOTER TURNOUT - TOTAL . . . 66.82"
    (a label naming a share: _LABEL_SHARE) for a percentage, "CITY OF WILMINGTON  .9217"
    (a bare decimal of three places or more after a label: _BARE_RATE) for a rate; the
    figure's span."""
    if "amount" in kinds and (found := _LABEL_SUM.match(text)):
        yield found.span(1)
    if "percentage" in kinds and (found := _LABEL_SHARE.match(text)):
        yield found.span(1)
    if "rate" in kinds and "." in text:
        yield from _bare_rates(text)


def _bare_rates(text: str):
    """The spans of `text`'s bare rates (_BARE_RATE), read line by line: a passage's whole text
    is read so by the rerank, and a line's label, unit or table's bars are its own."""
    start = 0
    for line in text.split("\n"):
        if " | " not in line:  # (a table's row: its cells' own rule, _CELL)
            for m in _BARE_RATE.finditer(line):
                a, b = m.span(1)
                if line[a] == "." and a and line[a - 1] in ".…":
                    continue  # a leader's last dot before a page's number: "(O 1098-04) ........1109"
                before = line[:a]
                if not _WORD.search(before):
                    continue  # no label before it: "523.047  LARGE INDUSTRIAL RATE SCHEDULE", a section's number
                if not (_NUMBERED_PART.search(before) or _NUMBERED_LIST.search(before) or _VERSION.search(before)
                        or _OPERAND_WORD.search(before) or _OPERATOR_BEFORE.search(before)
                        or _COORDINATE_BEFORE.search(before) or _MEASURED.match(line, b)
                        or _COORDINATE.match(line, b) or _HEMISPHERE.match(line, b)):
                    yield start + a, start + b
        start += len(line) + 1


def _evidence(text: str, kinds: tuple[str, ...], qterms: Collection[str] = ()):
    asked_terms = set(qterms)
    yield from _label_figures(text, kinds)
    yield from _unit_in_label(text, kinds)
    phones = None  # the line's telephone numbers, found once when a numbered kind needs them
    stamps = _stamps(text) if "time" in kinds else []
    updates = _update_stamps(text, asked_terms) if {"date", "time", "month"} & set(kinds) else []
    for k in kinds:
        seen = text if k in _CASED else text.lower()
        for m in _DETECT[k].finditer(seen):
            if k in ("figure", "vote") and _names_before(text, m.start()):
                continue  # "Section 4", "November 7": a number that names
            if k in ("count", "figure") and _list_mark(m, seen, text):
                continue  # "7. EMPLOYEE RETIREMENT SYSTEMS", "(3) Fees", "3.2 Regulations were ..."
            if k in _NUMBERED and not text[:m.start()].strip() and _MARK.fullmatch(m.group(0)) \
                    and _FOOTNOTE.match(text, m.end()):
                continue  # "1 The town of Braintree was part of ...": a footnote's mark
            if k == "figure" and _before(_CODE_TOKEN, text, m.start()):
                continue  # "AZ04-02-005": a part of an identifier
            if k in ("count", "figure", "vote") and ((_before(_BALLOT, text, m.start()) and not asked_terms & _CHOOSE)
                                                     or (k != "vote" and _EDITION.match(text, m.end()))):
                continue  # "Vote for not more than 1": a ballot's instruction; "(9 Edition)": which edition
            if _no_value(k, m, text, stamps):
                continue  # an address, an operand, a pin cite, a ballot measure's number, a stamp
            if k in ("date", "time", "month") and any(a <= m.start() < b for a, b in updates):
                continue  # "Updated Jan 01, 2026": when the page was made, not what it tells
            if k in _NUMBERED:
                if phones is None:
                    phones = [p.span() for p in _DETECT["phone"].finditer(text)]
                if any(a <= m.start() and m.end() <= b for a, b in phones):
                    continue  # "(520)586-2245": a telephone number counts and measures nothing
            if k == "count" and _no_count(m, seen, text, kinds, asked_terms):
                continue
            if k == "phone" and ("fax" in asked_terms) != _before(_FAX_BEFORE, text, m.start()):
                continue  # a fax asked: only a number under its "Fax" label; a telephone: not that one
            if k == "code" and m.group(0).isalpha() and text.upper() == text:
                continue  # "TOTAL APPROPRIATIONS": a word in a line in capitals, no acronym
            if k == "person" and (not (_a_person(m.group(0)) or _OFFICE_AFTER.match(text, m.end()))
                                  or _FIRM_NAMED.search(m.group(0)) or _ORG_SUFFIX.search(m.group(0))
                                  or _FIRM_AFTER.match(text, m.end())):
                continue  # (a firm under a first name: "Irving Holdings, Inc.", "Wallace Partners")
            if k == "organisation" and not _an_organisation(m, text, asked_terms):
                continue
            if k == "access" and asked_terms and not _label_asked(m.group(0), asked_terms):
                continue  # a meeting id is no passcode: the label must be the one asked
            if k not in _CASED and text[m.start()] not in "$£€" \
                    and _inside_topic(text, m.start(), m.end(), asked_terms):
                continue  # (a sum with its sign is no part of a name: "1” Meter $52.90 Monthly Base ...")
            if k == "amount" and _of_another(text, m.start(), m.end(), asked_terms):
                continue
            if k == "amount" and _before(_PER_BEFORE, text, m.start()):
                continue  # "per $100 of valuation": a rate's base, no sum of its own
            if not asked_terms or set(content_terms(m.group(0))) - asked_terms \
                    or (k == "amount" and _NONE.match(m.group(0))) or k == "rating":  # "no ... charge" is the
                # value; so is "has not rated" for a rating asked
                yield m.span()
    if "place" in kinds and asked_terms & _SENT_TO:  # where to send a thing: an e-mail address too
        yield from (m.span() for m in _EMAIL.finditer(text))


# a number's "Fax" label just before it ("Tel. 555-0100, Fax: 555-0199", "F: (555) 010-0199")
_FAX_BEFORE = re.compile(r"\b(?:fax|facsimile|f)\b\W{0,4}(?:no\.?|number|#)?\W{0,3}$", re.I)


# a question asking where a thing is sent ("where should a citizen send a request to speak?",
# "where do I submit the form?"): an e-mail address is that place
_SENT_TO = frozenset(content_terms("send sent submit submitted email emailed deliver delivered "
                                   "forward forwarded return returned direct directed"))  # (not "mailed": the post's)
_EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")


def _no_count(m: re.Match, seen: str, text: str, kinds: tuple[str, ...], asked_terms: Collection[str]) -> bool:
    """A count's number that counts nothing asked: one that names ("Item 7", "Section 4.2",
    "Page 3", "grades 5, 8, 9 and 11", "Revision 1": _named), a day of the month ("November
    7", "7 November"), a measure or a span of time unless it is what is counted ("8-inch",
    "12 feet", "30 seconds"; "how many days" keeps "30 days"); and, for a count of things
    (no figure of any sort asked), people who are not the things asked ("approximately 9,400
    residents" counts no structure fires) or a noun the number modifies ("the 7-county Twin
    Cities region" counts no hospitalizations)."""
    start, end = m.span()
    if (_names_before(seen, start)
            or _DAY_AFTER.match(seen, end) or _measured(seen, end, asked_terms, "figure" not in kinds)
            or _named(text, start)):
        return True
    return "figure" not in kinds and (_counts_people(text, end, asked_terms) or _modifies(seen, end, asked_terms))


_NAMING_REACH = 80  # the characters before a number its label, its month or its sign stands in


def _before(pattern: re.Pattern, text: str, at: int) -> bool:
    """`pattern`, anchored at its end ($), ends just before `at`, read over the _NAMING_REACH
    characters before it only: a long line's every number read back to the line's start
    was quadratic (seconds on a 10,000-character line)."""
    return pattern.search(text, max(0, at - _NAMING_REACH), at) is not None


def _names_before(text: str, at: int) -> bool:
    """A label ("Item", "Section", "Page": _LABEL), a plural label and its list of numbers
    ("grades 5, 8, 9 and": _LABELS) or a month and its days ("November 7, 8 and": _DAY) end
    just before `at`: the number there names, it neither counts nor measures (_before)."""
    return _before(_LABEL, text, at) or _before(_LABELS, text, at) or _before(_DAY, text, at)


# a law's name goes on with its chapter or its subject in brackets, then says what it is: "Road
# Traffic (Cap 276, 1997 Ed)", "Road Traffic (Expressway Traffic) Rules", "Motor Vehicles
# (Third-Party Risks and Compensation) Act"; and a name in those brackets is the law's
# subject ("Road Traffic (Motor Vehicles, Wearing of Seat Belts) Rules")
_LAW = r"(?:Act|Acts|Rules|Regulations|Ordinance)\b"  # (not "Order", "Code", "Bill": "(RFQ 24-03) Order No. 118")
_LAW_AFTER = re.compile(rf"\s*\((?:[^()]{{1,80}}\)\s*{_LAW}|(?i:cap)\.?\s*\d)|[^()]{{0,60}}\)\s*{_LAW}")


# a body the question asks by its kind ("which committee", "which commission"): a name ending
# in that kind's word only
_BODY_ASKED = {t: re.compile(rf"{p}\W*$|^\W*(?:sub)?{p}\s+(?:on|of|for)\b", re.I)
               for t, p in zip(content_terms("committee commission"), ("committee", "commission"))}


def _an_organisation(m: re.Match, text: str, asked_terms: Collection[str]) -> bool:
    """An organisation-shaped match `m` of `text` names one the question may ask for: its run
    names a body (_org_run); not a law's name or its subject ("Road Traffic (Cap 276, 1997
    Ed)", "Motor Vehicles (Third-Party Risks) Act": _LAW_AFTER); and for a firm asked
    (_FIRM_ASKED), not the state's officers or courts ("Wu Tze Kok v Public Prosecutor":
    _NO_FIRM), nor a public body choosing one ("City Council will award": _CHOOSES; "provided
    by the ... Authority" may be the vendor asked)."""
    if not _org_run(m.group(0), asked_terms) or _LAW_AFTER.match(text, m.end()):
        return False
    bodies = [body for term, body in _BODY_ASKED.items() if term in asked_terms]
    if bodies and not any(body.search(m.group(0)) for body in bodies):
        return False  # "which committee ...": the Licensing Commission is no committee
    if not set(asked_terms) & _FIRM_ASKED:
        return True
    return not (_NO_FIRM.search(m.group(0)) or (_PUBLIC_BODY.search(m.group(0)) and (
        _CHOOSES.match(text, m.end()) or _before(_CHOSEN_BY, text, m.start()))))


def _list_mark(m: re.Match, seen: str, text: str) -> bool:
    """The number opening the line marks a list's item, a section, a ranked bidder or a
    numbered paragraph (_ENUMERATOR, _RANKED, _PARAGRAPH): no count, no figure."""
    return (not seen[:m.start()].strip(" \t(")
            and bool(_ENUMERATOR.match(seen, m.end()) or _RANKED.match(text, m.end())
                     or ("." in m.group(0) and _PARAGRAPH.match(text, m.end()))))


_PER_BEFORE = re.compile(r"\bper\s*$", re.I)  # "... per $100": the sum a rate is of
# a legal citation's pin to a page: "(Protest, at 1)", "Id. at 4", "Tr. at 45" (a court's
# opinion cites the record so), the number closing the citation; not "Attendance peaked, at
# 300." (a comma's pin only inside brackets)
_PIN_CITE = re.compile(r"(?:\([^()]{1,40},|\bid\.|\b(?:tr|ex|br|op|ar|app)\.?)\s+at\s+$", re.I)
_CITE_END = re.compile(r"(?:[-–]\d+)?\s*(?:[)\].;,]|$)")
# a ballot measure's name before its number, with its capital ("Initiated Measure 22",
# "AMENDMENT 5", "Prop 68"; not "will issue 40 licenses", "crews measure 12 sites")
_BALLOT_LABEL = re.compile(r"\b(?:Measure|MEASURE|Amendment|AMENDMENT|Proposition|PROPOSITION|Prop|PROP|"
                           r"Referendum|REFERENDUM|Initiative|INITIATIVE|Issue|ISSUE)\.?\s*#?\s*$")
# a date with midnight stamped on it, as spreadsheets and data portals export a date column
# (not "12:00 PM", noon)
_MIDNIGHT = re.compile(r"\d{1,4}[/-]\d{1,2}[/-]\d{2,4}[ T]+(?:12:00(?::00)?\s*[Aa]\.?[Mm]\.?|00:00(?::00)?)")


# a document's own stamp of when it was changed or printed, opening its line or a cell
# ("Updated Jan 01, 2026|Calendar subject to change", "Last revised: 3/2/2024 4:50 PM",
# "Printed 8/9/22"): the date the page was made, no date of what it tells, unless the question
# asks when it was updated (_ASKS_STAMP). Not a stamp word after a subject ("Meeting date
# updated: March 16, 2026", "the calendar as revised on March 3, 2025": the event's own date)
_STAMP_OPENS = re.compile(r"(?:^|\|)[^\S\n]*(?:[*_#•-]+[^\S\n]*)?(?:last\s+)?(?:updated|revised|modified|printed|generated|rev\.|print\s+date|date\s+printed)"
                          r"[^\S\n]*(?:on[^\S\n]+|:[^\S\n]*)?"
                          r"(?:[A-Za-z]{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s*(?:19|20)\d\d)?|\d{1,2}/\d{1,2}(?:/\d{2,4})?"
                          r"|(?:19|20)\d\d-\d\d-\d\d)(?:,?\s*\d{1,2}:\d\d(?::\d\d)?\s*(?:[ap]\.?m\.?)?)?", re.I | re.M)
_ASKS_STAMP = frozenset(content_terms("update updated revise revised revision modified amended changed printed "
                                      "generated version"))


def asks_stamp(asked_terms: Collection[str]) -> bool:
    """The question asks when a thing was updated, printed or generated: a page's own stamp
    answers it (_update_stamps here; a page's print stamp after its number, quote/lines.py)."""
    return bool(set(asked_terms) & _ASKS_STAMP)


def _update_stamps(text: str, asked_terms: Collection[str]) -> list[tuple[int, int]]:
    """The spans of `text`'s own update or print stamps (_STAMP_OPENS), none when the
    question asks when a thing was updated."""
    if asks_stamp(asked_terms):
        return []
    return [m.span() for m in _STAMP_OPENS.finditer(text)]


def _stamps(text: str) -> list[tuple[int, int]]:
    """The spans of midnight stamps on dates in `text` (_MIDNIGHT)."""
    return [m.span() for m in _MIDNIGHT.finditer(text)] if ":00" in text else []


def _no_value(k: str, m: re.Match, text: str, stamps: list[tuple[int, int]]) -> bool:
    """A count's or a figure's number that is no value of its own: an address ("120 West 6th
    Street"), a note's mark or a formula's operand ("(*3)", "/2)*100"), the page a legal
    citation points to ("(Protest, at 1).", "Id. at 4"), a ballot measure's number
    ("Initiated Measure 22"); or a time that is a date's midnight stamp (`stamps`:
    "02/11/2019 12:00:00 AM")."""
    if k == "time":
        return any(a <= m.start() < b for a, b in stamps)
    if k not in ("count", "figure"):
        return False
    return bool(_ADDRESS.match(text, m.start()) or _before(_OPERATOR_BEFORE, text, m.start())
                or _OPERATOR_AFTER.match(text, m.end())
                or (_before(_PIN_CITE, text, m.start()) and _CITE_END.match(text, m.end()))
                or _before(_BALLOT_LABEL, text, m.start()))


# a question asking for a firm ("which consulting firm", "what company", "which contractor"),
# and the public bodies no firm is named as ("City Council", "Planning Commission")
_FIRM_ASKED = frozenset(content_terms("firm firms company companies consultant consultants contractor "
                                      "contractors vendor vendors supplier suppliers bidder bidders"))
_CHOOSES = re.compile(r"\s+(?:will\s+|shall\s+|has\s+|have\s+|to\s+|may\s+)?(?:award|select|approv|choose|chose|"
                      r"authori[sz]|hire|contract\s+with)", re.I)
_CHOSEN_BY = re.compile(r"\b(?:approval|approved|awarded|selected|chosen|authori[sz]ed|authori[sz]ation)\s+"
                        r"(?:of|by)\s+(?:the\s+)?$", re.I)  # "the approval of the City Council"
# the state's officers and courts, never a firm whatever the sentence says of them
_NO_FIRM = re.compile(r"\b(?:Prosecutor|Court|Judge|Justice|Police|Sheriff|Attorney[- ]General|Magistrate)$")
_PUBLIC_BODY = re.compile(r"\b(?:Council|Board|Commission|Department|Agency|Authority|Administration|Bureau|"
                          r"Office|Division|District|City|County|Town|Township|State|Legislature)$")


# a label that names its value's unit in brackets, then the value: "Lot Area Minimum (ft²)
# 8,000", "Design Flow (MGD) 2.5", "Budget ($) 12,400"
_LABEL_UNIT = re.compile(r"[A-Za-z][^()|\d]{0,60}\(\s*([^()\d]{1,12}?)\s*\)\s*(\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?|\$?\d+(?:\.\d+)?)(?![\w.,/:-])")
# a list's enumerator, no unit: "(g) 5", "(iv) 2"
_ENUMERATOR_MARK = re.compile(r"^(?:[a-z]|[ivxlc]+)$", re.I)
_UNIT_KINDS = frozenset({"amount", "measure", "length", "area", "power", "voltage", "flow", "pressure",
                         "weight", "temperature", "percentage", "duration"})


def _unit_in_label(text: str, kinds: tuple[str, ...]):
    """The span of a value whose unit its label names in brackets (_LABEL_UNIT), when the
    value with that unit is of an asked kind ("8,000 ft²" is an area). A letter or a roman
    numeral in brackets is a list's enumerator ("paragraph (g) 5"), no unit."""
    if "(" not in text or not _UNIT_KINDS.intersection(kinds):
        return
    for m in _LABEL_UNIT.finditer(text):
        unit, value = m.group(1), m.group(2)
        if _ENUMERATOR_MARK.match(unit):
            continue
        said = f"{unit}{value}" if unit in "$£€" else f"{value} {unit}"
        if any(_DETECT[k].search(said.lower()) for k in kinds if k in _UNIT_KINDS):
            yield m.span(2)


# an election report's ballot instruction over each contest ("Vote for not more than 1", "VOTE
# FOR ONE", "Vote for up to 3", "(vote in one oval)"): how many the voter may choose, no count
# of votes cast
_CHOOSE = frozenset(content_terms("choose chose pick select seat seats"))  # "how many could voters choose": the instruction answers
_BALLOT = re.compile(r"\bvote\s+for\s+(?:not\s+more\s+than|no\s+more\s+than|up\s+to|a\s+maximum\s+of|at\s+most)?\s*$"
                     r"|\(vote\s+in\s+$", re.I)  # "(vote in one oval)", not "registered to vote in 3 wards"


# a line that is a short label and one number with cents, as a table's row prints in a PDF
_LABEL_SUM = re.compile(r"^\s*[A-Za-z][A-Za-z ()/&-]{0,40}\s(\d{1,4}\.\d\d)\s*$")
# ... and a label naming a share, its figure the last thing on the line with no sign, as
# election reports and performance tables print them ("VOTER TURNOUT - TOTAL . . . . 66.82")
_LABEL_SHARE = re.compile(r"^\s*(?:[A-Za-z][^\d\n]{0,60}?)?\b(?:turnout|percent|percentage|pct)\b[^\d\n]{0,80}?"
                          r"(?:\.\s{1,3}\.\s*|\s{2,}|:\s*)(\d{1,3}(?:\.\d{1,2})?)\s*$", re.I)  # leader, gap or colon


# a bare decimal of three places or more: a tax, mill or interest rate as a rate book prints
# it ("CITY OF WILMINGTON  .9217  12.7091", "AVERAGE TAX RATE FOR 2018 ---- 7.5927"); sums
# have two places and counts none; a leader's dots may touch it ("Bond Redemption
# Fund……8.315"). Not signed (a longitude), not a part of a date, a
# version or a section's number ("13.40.010", "Sec. 17.040": _NUMBERED_PART; "523.047  LARGE
# INDUSTRIAL RATE SCHEDULE", no label before it), not a measure's figure (_MEASURED), not a
# coordinate ("44.9252 N"), not a formula's operand ("divided by .903"), not a share
# ("12.7091%"); a table's row has its cells' own rule
_BARE_RATE = re.compile(r"(?<![\w,$£€/:+-])(?<!\w\.)(\d{0,3}\.\d{3,6})"
                        r"(?![\w.,/:%-]|\s*(?:%|¢|(?:percent|per\s*cent|cents?)\b))", re.I)
_WORD = re.compile(r"[A-Za-z]{3,}")
# the words a numbered part of a law, a policy or a document follows (not _LABEL's: its
# "district", "zone", "tier" head rates in a rate book, "PEOTONE PARK DISTRICT .2446")
_NUMBERED = (r"(?:\b(?:section|sec|sections|chapter|article|part|rule|ordinance|ord|resolution|no|number|"
             r"item|appendix|exhibit|figure|fig|table|page|pages|p|pp|policy|code|stat|statutes?|ors|rcw|"
             r"account)\.?|[#§])")
_NUMBERED_PART = re.compile(_NUMBERED + r"\s*$", re.I)
# ... and the numbers listed after the first: "Sections 17.040 and 17.050", "§§ 2.105, 2.110"
_NUMBERED_LIST = re.compile(_NUMBERED + r"\s*\d[\d.]*(?:\s*(?:,|and|or|through|to|&|-)\s*\d[\d.]*)*"
                            r"\s*(?:,|and|or|through|to|&|-)\s*$", re.I)
# a formula's operand in words: "divided by .903", "multiplied by 1.075", "times 0.125"
_OPERAND_WORD = re.compile(r"\b(?:by|times|multiplied|divided|x)\s*$", re.I)
_VERSION = re.compile(r"\b(?:version|ver|rev|release|v)\.?\s*$", re.I)
_COORDINATE = re.compile(r"\s*[,|]?\s*-\d{1,3}\.\d{3,}")  # a latitude before its longitude
_HEMISPHERE = re.compile(r"\s?(?:°|[NSEW]\b)")  # "44.9252 N", "93.0444° W"
_COORDINATE_BEFORE = re.compile(r"-\d{1,3}\.\d{3,}\s*[,|]?\s*$")  # ... or after it


# a number right after one of these words labels a thing (an item, a section, a page), it
# does not count anything
_LABEL = re.compile(r"\b(?:item|items|section|sec|sections|page|pages|p|pp|no|nos|number|article|"
                    r"chapter|part|rule|resolution|ordinance|exhibit|appendix|attachment|schedule|"
                    r"sch|table|figure|fig|step|phase|district|ward|unit|lot|route|line|level|"
                    r"grade|tier|zone|option|question|agenda|year|day|week|month|quarter|round|stage|"
                    r"module|lesson|session)\.?\s*#?\s*[\"“‘']?$|[#§]\s*$", re.I)  # 'Exhibit “2”' too


# the plural of a label and the list of numbers it names ("grades 5, 8, 9 and 11", "items 4
# through 7", "Sections 3 and 4"): each number names one, counts nothing
_LABELS = re.compile(r"\b(?:items|sections|pages|articles|chapters|parts|rules|resolutions|ordinances|exhibits|"
                     r"attachments|schedules|tables|figures|steps|phases|districts|wards|lots|routes|levels|"
                     r"grades|tiers|zones|options|questions|rounds|stages|modules|lessons|sessions)\s+"
                     r"(?:\d{1,3}[a-z]?\s*(?:,|and|or|&|through|to|-|–)\s*)*$", re.I)
# a number joined to the singular noun it modifies: "7-county region", "3-bedroom units",
# "5-year plan" (a word of a question counting that noun, "how many counties", keeps it)
_MODIFIER = re.compile(r"[-–]([a-z]{3,})\b(?!-\d)")


def _modifies(text: str, end: int, asked_terms: Collection[str]) -> bool:
    """The count ending at `end` is joined by a hyphen to a noun it modifies ("7-county
    Twin Cities region", "3-bedroom units"), one the question does not count: a kind of
    thing, not how many of the things asked."""
    m = _MODIFIER.match(text, end)
    return (m is not None and not m.group(1).endswith("s") and m.group(1) not in _HOLDS
            and not set(content_terms(m.group(1))) & set(asked_terms))


# what a building or a site holds, by which its size is said ("a 40-unit building" is forty
# apartments, "a 120-bed shelter" a hundred and twenty places): a count, however it is asked
_HOLDS = frozenset("unit bed seat room space stall slot home apartment dwelling suite".split())


# a unit of measure after a number makes it a measure, not a count of things (not the units
# of _UNITS that are things counted: lanes, seats, beds, units, stories)
_ENUMERATOR = re.compile(r"[.)]\s+\S")  # after a line's first number: "7. EMPLOYEE ...", "3) Fees"
# after a line's first decimal, a sentence's capitalised word and a lower-case one: a numbered
# paragraph, as a council's report numbers them ("3.2  Regulations were brought in ...", "10.3
# Pensioners (those over ..."), no count of 3.2; not a scale or a unit ("3.2 Million people")
_PARAGRAPH = re.compile(rf"\s+(?!(?:Million|Billion|Thousand|Percent|Per|Times|Hours?|Days?|Years?)\b)"
                        rf"(?!(?i:{_UNITS}|gallons?|tons?|pounds?|square|cubic)\b)"  # ("1.5 Gallons per minute")
                        rf"[A-Z][a-z]+[\s,]+(?!{_UNITS}\b)[a-z(]")  # ("12.5 Lane miles")
# after it, a code and a name in capitals, as a bid tabulation ranks its bidders ("3 1086A
# STRUCTURES, INC. $2,170,921.38": the third bidder, no count; not "2 100 kW generators")
_RANKED = re.compile(r"\s+\d{3,}[A-Z]?\s+[A-Z]{2,}.*[$]\s?\d")  # (with its bid's sum: "2 250 KVA GENERATORS" counts)
# after a line's first number of one or two digits, a sentence's opening word which no count
# or sum is followed by, and three words more ("1 The town of Braintree was ...", "2 See
# Table 4 for ...", "3 Source: State Board of ..."): the mark of a footnote at a page's foot
# ("41 A grades", "14 Data requests" count)
_MARK = re.compile(r"\d{1,2}")
_FOOTNOTE = re.compile(r"\s+(?:The|This|These|That|Those|It|Its|See|Source|Sources|Note|Notes|Includes|"
                       r"Based|According|Excludes)\s+\S+\s+\S+\s+\S+")
_MEASURED = re.compile(r"\s{0,3}-?(?:feet|foot|ft|inch(?:es)?|in\.|yards?|miles?|mi|meters?|metres?|km|cm|mm|"
                       r"acres?|hectares?|square|sq\.?|(?:sf|s\.f\.)(?!\s+(?:lots?|homes?|houses?|units?|dwellings?|residences?|"
                       r"detached|attached|zon))|ft2|ft²|m2|m²|cubic|gallons?|gal|mgd|gpd|gpm|cfs|liters?|litres?|"
                       r"kw|kwh|mw|mwh|kva|kv|volts?|watts?|therms?|ccf|hcf|pounds?|lbs?|tons?|tonnes?|kg|"
                       r"psi|degrees?|°|ppb|ppm|mg/l|kilowatts?|megawatts?|horsepower|hp)(?![a-z])", re.I)
_ADDRESS = re.compile(r"\d+\s+(?:[NSEW]\.?\s+)?(?:[A-Z][a-z]+|\d+(?:st|nd|rd|th))(?:\s+(?:[A-Z][a-z]+|\d+(?:st|nd|rd|th)))*\s+(?:Street|St|Road|Rd|"
                      r"Avenue|Ave|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Court|Ct|Place|Pl|Highway|Hwy|"
                      r"Parkway|Pkwy)\b")
# a number right after a capitalised word inside a sentence is part of a name or a label
# ("Boeing 737", "Service Bulletin 737-27, Revision 1", "Route 66"), not a count; a
# capitalised word that opens the line or a sentence ("Approximately 73 airplanes") is not
_NAMED_BEFORE = re.compile(r"(?:^|[^\s.!?:;|(])\s+[A-Z][A-Za-z'’-]*\s$")


_TIME_AFTER = re.compile(rf"\s{{0,3}}-?{_DURATION_UNITS}(?![a-z])", re.I)


_BRACKETED_FIGURE = re.compile(r"\s?\(\d+\)")


def _measured(text: str, end: int, asked_terms: Collection[str], counted: bool) -> bool:
    """A unit of measure follows the number ending at `end`, or, when a count of things is
    asked (`counted`: "how many schools", not a figure of any sort), a unit of time: a span
    of time counts no schools. Not when the unit is the thing the question counts ("how many
    days' notice": "30 days" counts them). A figure in brackets after its word reads on past
    the bracket ("three (3) months"), and a word past its figure in brackets ("one (1) year")."""
    if text[end:end + 1] == ")":
        end += 1
    elif (digits := _BRACKETED_FIGURE.match(text, end)) is not None:
        end = digits.end()
    elif (upper := _RANGE_END.match(text, end)) is not None:
        end = upper.end()  # "1,500 - 2,640 ft": a range's first figure is in its last one's unit
    m = _MEASURED.match(text, end) or (_TIME_AFTER.match(text, end) if counted else None)
    return m is not None and not set(content_terms(m.group(0))) & set(asked_terms)


# the rest of a range after its first figure ("- 2,640", " to 2,640")
_RANGE_END = re.compile(r"\s*(?:-|–|—|to)\s*\d[\d,]*(?:\.\d+)?")
# the plural noun right after a count, one word before it at most ("9,400 residents", "12
# structure fires"), and the two words after it (what the people did: "40 residents attended")
_COUNTED_AFTER = re.compile(r"\s+(?:[a-z][a-z-]+\s+)?([a-z]{3,}s)\b((?:\s+[A-Za-z][\w'’-]*){0,2})")
# the words that count people (a table of this module's own, from plain English usage: the
# people a public record counts, by where they live, what they are to a body, or what they do)
_PEOPLE = frozenset(content_terms(
    "people persons individuals residents inhabitants citizens members employees staff workers students "
    "pupils customers patients visitors attendees participants voters volunteers officers officials "
    "directors trustees commissioners councillors councilors councilmembers"))


# a question counting who came ("what was the public attendance", "how many attended"): people
# are what it counts
_ATTENDED = frozenset(content_terms("attend attended attendance turnout"))


def _counts_people(text: str, end: int, asked_terms: Collection[str]) -> bool:
    """The count ending at `end` counts people where the question counts something else: the
    plural noun after it is a word for people (_PEOPLE) and the question names none, nor the
    act the line's next words give ("provides ... services to approximately 9,400 residents
    on San Juan" for "how many structure fires ...", but "40 residents attended" for "how
    many attended the hearing"). Things for things are left alone: "120 homes" may count the
    housing units asked, "three vendors" the quotes."""
    m = _COUNTED_AFTER.match(text, end)
    if m is None or not asked_terms:
        return False
    noun = content_terms(m.group(1))
    if not noun or noun[0] not in _PEOPLE or (_PEOPLE | _ATTENDED) & set(asked_terms) or noun[0] in asked_terms:
        return False
    after = [w for w in m.group(2).split() if w[:1].islower()]  # a capital opens a name, no act
    return not set(content_terms(" ".join(after))) & set(asked_terms)


def _named(text: str, start: int) -> bool:
    return _before(_NAMED_BEFORE, text, start)


# an arithmetic operator or a note's star next to a number: "(*3) ROE = Profit / (...) *100"
_OPERATOR_BEFORE = re.compile(r"[*=×÷]\s*\(?\s*$")
_OPERATOR_AFTER = re.compile(r"\s*\)?\s*[*=×÷]")
# after a number, the word a publication's issue is named by ("(9 Edition)", "10th ed.")
_EDITION = re.compile(r"(?:st|nd|rd|th)?\s*(?:edition|ed\.)(?![a-z])", re.I)

# a number inside a token that opens with letters and digits ("AZ04-02-005", "PWS-0402"):
# a part of an identifier, no figure
_CODE_TOKEN = re.compile(r"(?:^|\s)[A-Za-z]+\d*[-–/]?(?:\d+[-–/])*$")

# a day of the month: after the month's name, or in a list of days after it ("April 3, 8, 12")
_DAY = re.compile(rf"\b{MONTH}\s*(?:\d{{1,2}},?\s+(?:and\s+|&\s+)?)*$", re.I)
# "7 November", "10th of December", "this 10th day of December" (a resolution's date; a PDF
# may print the raised "th" as a quote mark: "10" day of")
_DAY_AFTER = re.compile(rf"(?:st|nd|rd|th|[\"”])?\s+(?:day\s+of\s+)?(?:of\s+)?{MONTH}(?![a-z])", re.I)


# a column whose header names a unit of measure ("Design Flow (MGD)", "Demand (MW)") or an
# identifier ("Index", "CWNS_No", "Latitude", "Zip"): its bare numbers are no sums of money
_NOT_MONEY_HEADER = re.compile(
    rf"\((?![$£€])[^)]*\)|(?<![a-z]){_UNITS}(?![a-z])|\b(?:index|id|no|nos|number|num|code|zip|"
    rf"latitude|longitude|lat|lon|long|year|yr|fy|count|rank|ordinal|phone|fax|page|line|row|"
    rf"percent|pct|%|ratio|factor|population|employees|staff|fte|positions|acreage|footage|tonnage|"
    rf"yardage|ward|precinct|grade|day|month|week|hour|date)\b", re.I)
# (a measure by its "-age" noun: "Acreage"; not "Mileage", paid as often)
# a header cell that is the fiscal year its column is for, and at most the budget's stage
# ("FY 2011", "Fiscal Year 2018-19", "FY 2020 Adopted"): a budget's or a price list's period,
# whose bare figures may be sums; a column of years ("Year", "FY") holds none, nor does a
# calendar year's ("Year 2019 | Year 2020" heads an enrollment table as often as a budget),
# nor one naming what else it counts ("FY 2019 Calls")
_PERIOD_HEAD = re.compile(r"\s*(?:fy|fiscal\s+year)\s*'?\d{2,4}(?:\s*[-/–]\s*'?\d{2,4})?(?:\s+(?:actuals?|adopted|"
                          r"proposed|budget(?:ed)?|estimated?|projected|revised|approved|requested|recommended|"
                          r"amended))?\s*", re.I)
_MONEY_HEADER = re.compile(rf"[$£€]|\b{_MONEY}\b|\b(?:dollars?|usd|amount|assessments?|assessed)\b", re.I)
_BARE = re.compile(r"^\s*\(?-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\)?\s*$")
_GAPS = 3


def money_cells(row: str, header: str) -> str:
    """A table row with the bare numbers left out that stand under a header cell naming a unit
    or an identifier and no sum of money ("88 | 27000001001 | 203.62" under "Index | CWNS_No |
    Existing Total Flow (MGD)"): what the row holds for a question asking for an amount.
    A header cell that is a fiscal year ("FY 2011", "FY 2020 Adopted": _PERIOD_HEAD) names
    no identifier.
    A row may have up to _GAPS cells fewer than its header (a reader leaves empty cells out):
    then a cell's header is one of as many after its place, and its number is left out only
    when none of them names money and one names a unit or an identifier. A row shorter than
    that, under a header naming no money anywhere and a unit or an identifier somewhere, keeps
    no bare number (a record's row: which column a number is under cannot be told). A bare
    number under a column counting people ("Total Budgeted Enrollment (FY16)": _COUNTED_HEAD),
    or under a change's column after one left out, is left out too. Other rows are returned
    as they are."""
    cells, heads = row.split(" | "), header.split(" | ")
    if (len(cells) >= 2 and len(heads) - len(cells) > _GAPS and not any(_MONEY_HEADER.search(h) for h in heads)
            and any(_NOT_MONEY_HEADER.search(h) for h in heads)):
        # a record's row, its empty cells left out past telling which column a number is under,
        # whose header names no money anywhere and things that are none ("Day | Month | ...
        # | Incident Number"): no sum
        return " | ".join("" if _BARE.match(c) else c for c in cells)
    kept = _cells_under(row, header, lambda near: not any(_COUNTED_HEAD.search(h) for h in near) and (
        any(_MONEY_HEADER.search(h) for h in near)
        or not any(_NOT_MONEY_HEADER.search(h) and not _PERIOD_HEAD.fullmatch(h) for h in near)))
    cells = kept.split(" | ")
    if len(cells) != len(heads) or kept == row:
        return kept
    # a change's column is of the column before it ("Total Budgeted Enrollment (FY15) | Change")
    for i in range(1, len(cells)):
        if _CHANGE_HEAD.fullmatch(heads[i]) and not cells[i - 1] and _BARE.match(row.split(" | ")[i - 1]):
            cells[i] = ""
    return " | ".join(cells)


# a header cell whose noun, its period aside, counts people or things ("Total Budgeted
# Enrollment (FY16)", "Students", "Visits 2023"): no sum of money, whatever word is before it
_COUNTED_HEAD = re.compile(r"\b(?:enrol(?:l)?ments?|students|pupils|headcount|attendance|visits|visitors|participants|"
                           r"residents|households|members|cases|calls|incidents|beds|seats|riders|boardings)"
                           r"\s*(?:\([^)]*\)|(?:19|20)\d\d|fy\s?\d{2,4})?\s*$", re.I)
_CHANGE_HEAD = re.compile(r"\s*(?:net\s+)?(?:change|difference|diff|variance|\+/-|\+/−)\s*", re.I)


# a row's own cell saying what its figures are: a unit column's "percentage", "number" or
# "days", or a label "Number of ...", "Percent of ..." (a performance measures table, one
# measure a row: "... | Two Year Parking Ticket Collection Rate | percentage | 86 | 86"): its
# bare numbers are counts or shares, no sums of money, whatever its header says
_ROW_MEASURE = re.compile(r"^\s*(?:percentage|percent|pct|%|number|count|ratio|days|hours|#)\s*$|"
                          r"^\s*(?:(?:total\s+)?number|percent(?:age)?|#|count|ratio)\s+of\b", re.I)  # not "Share of costs"


def counted_row(row: str) -> str:
    """A table row with its bare numbers left out when one of its own cells names them as
    counts or shares (_ROW_MEASURE: "Number of Cannabis Businesses Licensed | 0 | 200"): what
    it holds for a question asking for an amount. Other rows are returned as they are."""
    cells = row.split(" | ")
    if len(cells) < 2 or not any(_ROW_MEASURE.search(c) for c in cells if not _BARE.match(c)):
        return row
    return " | ".join("" if _BARE.match(c) else c for c in cells)


# a header cell naming an identifier or a position, whose bare numbers measure and count
# nothing ("site_no", "objectid", "latitude", "zip"): not "number", which heads counts
# ("Number of Units")
_ID_HEADER = re.compile(r"\b(?:index|id|ids|code|zip|latitude|longitude|lat|lon|lng|objectid|fid|phone|"
                        r"fax|page|line|row)\b"
                        # "No" alone, or after a thing numbered ("Site No", "Permit No."; not
                        # "Issued No", a count)
                        r"|^\s*(?:no|nos|num)\b\.?\s*$|\b(?:site|permit|case|file|account|acct|parcel|"
                        r"record|project|contract|invoice|order|ticket|reference|ref|serial|model|part|"
                        r"unit|lot|station|well|sample|item|route|bill|check|license|licence|policy|"
                        r"claim|document|receipt|voucher|facility|property|tract)\s+(?:no|nos|num)\b", re.I)
_FIGURE_HEADER = re.compile(rf"(?<![a-z]){_UNITS}(?![a-z])|\b(?:count|number|total|amount|quantity|qty)\b", re.I)
FIGURE_KINDS = frozenset({"measure", "count", "figure"})


def figure_cells(row: str, header: str) -> str:
    """A table row with the bare numbers left out that stand under a header cell naming an
    identifier or a position ("20643 | Honeygo Run ... | 39.380173 | -76.4 | 1023" under
    "site_no | site_name | ... | latitude | longitude | id"): what the row holds for a
    question asking for a measure, a count or a figure. With a row short of its header, a
    number is left out when a header cell it may stand under names an identifier and none
    names a unit or a count ("site_no | site_name")."""
    return _cells_under(row, header, lambda near: not any(_ID_HEADER.search(h) for h in near)
                        or any(_FIGURE_HEADER.search(h) for h in near))


def _cells_under(row: str, header: str, keeps: Callable[[list[str]], bool]) -> str:
    """The row with each bare number blanked whose header cells (`near`: the one over it, or
    with a row up to _GAPS cells short, one of as many after its place) `keeps` refuses."""
    cells, heads = row.split(" | "), header.split(" | ")
    gap = len(heads) - len(cells)
    if not 0 <= gap <= _GAPS or len(cells) < 2:
        return row
    heads = [h.replace("_", " ") for h in heads]  # "CWNS_No"
    return " | ".join(c if not _BARE.match(c) or keeps(heads[i : i + gap + 1]) else ""
                      for i, c in enumerate(cells))


# a header cell naming the people in its column ("voter_name", "Name", "Candidate", "Member"),
# not another thing's name ("Street Name", "vendor_name", "Park Name")
# (its second form names the column's people by their role, _ROLE_HEADER)
_ROLES = (r"(?:candidate|member|official|employee|contact|person|representative|councilmember|council member|"
          r"voter|speaker|sponsor)")
_PERSON_HEADER = re.compile(r"^(?:(?:full|first|last|member|voter|employee|staff|candidate|contact|official|"
                            r"person|owner|speaker|sponsor|representative|councilmember|council member)"
                            rf"[\s_]+)?name$|^{_ROLES}s?$", re.I)
# a cell that is a person's name: two to four capitalised words, an initial or a particle
# between ("Carolyn King Arnold", "Adam  Bazaldua", "Mary J. Blige", "Ana de la Cruz")
_NAME_WORD = r"[A-Z](?:[a-z]+|['’][A-Z][a-z]+)(?:[A-Z][a-z]+)?(?:-[A-Z][a-z]+)?"  # Lee, O'Brien, McDonald, Reyes-Ortiz
_NAME_CELL = re.compile(rf"^{_NAME_WORD}(?:\s+(?:[A-Z]\.|{_NAME_WORD}|de|da|del|la|van|von|der|le|di)){{1,3}}"
                        r"(?:,?\s+(?:Jr\.?|Sr\.?|II|III|IV))?$")


def person_cells(row: str, header: str, question: str = "") -> bool:
    """A table row holding a person's name in a column its header names for people
    ("15 | Eric Johnson | Mayor" under "district | voter_name | title"): the header says what
    the cell is, where the name's words alone do not ("Chad West", "Carolyn King Arnold").
    Not a name the `question` gives itself ("who ran against Ana de la Cruz?")."""
    cells, heads = row.split(" | "), header.split(" | ")
    if len(cells) != len(heads) or len(cells) < 2:
        return False
    asked = set(re.findall(r"[a-z'’]+", question.lower()))
    return any(_PERSON_HEADER.match(h.strip())
               and (_NAME_CELL.match(name := " ".join(c.split()))
                    or (_ROLE_HEADER.match(h.strip()) and _SURNAME_CELL.match(name)))
               and not set(re.findall(r"[a-z'’]+", name.lower())) <= asked
               for c, h in zip(cells, heads))


# a header naming its column's people by their role ("SPONSOR", "Council Member"), under
# which a surname alone is a person's ("Farias"); not "Name", which heads things' names too
_ROLE_HEADER = re.compile(rf"^{_ROLES}s?$", re.I)
_SURNAME_CELL = re.compile(rf"^{_NAME_WORD}$")


_SENTENCE = re.compile(r"\w+\s+\w+\s+\w+.*\.\s*$")  # three words or more ending in a full stop


def bare_figure(cell: str) -> bool:
    """A table cell holding a number alone ("1,802", "(45)", "3.5"): no sum's sign, no share."""
    return _BARE.match(cell) is not None


def header_like(row: str) -> bool:
    """A table row that may be its table's header: cells, none of them a bare number, an
    empty cell or a sentence ("Date | Customer Charge | Procurement"; not "as City of Tulsa
    entity. | as City of Tulsa entity.", a note's cells)."""
    cells = row.split(" | ")
    return len(cells) >= 2 and not any(_BARE.match(c) or not c.strip() or _SENTENCE.match(c) for c in cells)


_NUMBERED = frozenset({"count", "figure", "measure", "amount", "rate", "duration", "length"})


def _label_asked(match: str, asked_terms: Collection[str]) -> bool:
    """The label of an access code ("Passcode", "Webinar ID") is one the question says:
    "pass code" and "passcode", "password" and "passcode" are one label."""
    label = set(content_terms(re.sub(r"(?i)pass\s?(?:code|word)", "passcode", match)))
    asked = set(content_terms(re.sub(r"(?i)pass\s?(?:code|word)", "passcode", " ".join(asked_terms))))
    return bool(label & asked)


def found(text: str) -> tuple[str, ...]:
    """Every kind `text` carries evidence of, in the table's order (for --explain and tests)."""
    return tuple(k for k in _DETECT if holds(text, (k,)))


# Kinds a passage must show evidence of to answer: the gate may pass over one without it or
# refuse (`firm`). Figures (digits, a unit, a month, a clock time), and names, places and
# organisations since the name detector's stop list and the "meets in ..." place rule (a
# "who" or "where" answer quoted from a heading was the most common wrong answer left). A
# code may be written in words no pattern knows, so it only adds its bonuses.
FIRM = frozenset({"amount", "count", "percentage", "rate", "date", "month", "time", "duration", "measure",
                  "temperature", "length", "area", "power", "voltage", "flow", "pressure", "weight",
                  "person", "organisation", "place", "figure", "obligation", "vote", "access", "phone", "code", "rating",
                  "route"})


# The words a question asks for a kind with ("how much does it cost", "what time", "who is
# the contact"): a line sharing only these with the question says nothing of what is asked.
_KIND_WORDS = {
    "amount": "fee fees cost costs price prices charge charges charged pay paid payment amount "
              "dollar dollars much money",
    "rate": "rate rates fee fees cost charge charges price per",
    "percentage": "percent percentage share portion rate",
    "count": "many number count",
    "date": "date dates day days year years month months when deadline",
    "month": "month months",
    "time": "time times hour hours clock when",
    "duration": "long time period term days months years weeks",
    "measure": "size big large much",
    "person": "who whom whose person name named",
    "organisation": "company firm agency organization organisation",
    "place": "where place location address located",
    "obligation": "have has had need needs required require mandatory must obligated obliged",
    "vote": "vote votes voted tally",
    "access": "password passcode pass code pin access id number",
    "phone": "phone telephone fax number call dial",
    "rating": "rating ratings rated rate credit bond bonds",
    "route": "route routes",
}


def _stems(table: Mapping[str, str], kinds: tuple[str, ...]) -> frozenset[str]:
    return frozenset(t for k in kinds for t in content_terms(table.get(k, "")))


@lru_cache(maxsize=256)
def kind_words(kinds: tuple[str, ...]) -> frozenset[str]:
    """The stemmed words that ask for any of `kinds` (_KIND_WORDS)."""
    return _stems(_KIND_WORDS, kinds)


# Of those, the words a value of the kind answers by itself: "what time" is answered by
# "6:00 p.m.", "which firm" by "Gateway Pacific Contractors, Inc.", "what share" by "32.5%".
# Not the words that also name a topic or another kind ("fee", "charge", "rate", "date",
# "size", "number"): "the dates of the summer season" are not answered by a rate
# schedule's effective date, "the minimum lot size" not by a setback's 15 feet, "which
# advice letter number" asks for a code, not a count. Nor "big" or "large": a question's
# terms carry no place, and "how large" reads as the "large" of "large commercial".
_ANSWERED = {
    "amount": "amount money dollar dollars",
    "percentage": "percent percentage share portion",
    "time": "time clock",
    "person": "person name named",
    "organisation": "company firm agency organization organisation",
    "place": "place location address",
}


@lru_cache(maxsize=256)
def answered_words(kinds: tuple[str, ...]) -> frozenset[str]:
    """The stemmed words asking for any of `kinds` that a value of that kind answers (_ANSWERED)."""
    return _stems(_ANSWERED, kinds)


def firm(kinds: tuple[str, ...]) -> bool:
    """Whether a passage lacking every one of `kinds` surely lacks the answer."""
    return bool(kinds) and all(k in FIRM for k in kinds)


def name(kinds: tuple[str, ...]) -> str:
    """The kinds in words, for a refusal: "an amount", "a date or a time"."""
    words = {"amount": "an amount", "count": "a count", "percentage": "a percentage",
             "rate": "a rate", "date": "a date", "month": "a month", "time": "a time of day",
             "duration": "a duration",
             "measure": "a measure with a unit", "temperature": "a temperature",
             "length": "a length", "area": "an area", "power": "a power or demand in kW",
             "voltage": "a voltage", "flow": "a flow", "pressure": "a pressure",
             "weight": "a weight", "person": "a person's name",
             "organisation": "an organisation", "figure": "a figure", "place": "a place or address", "code": "a code",
             "obligation": "what must or need not be done", "vote": "how the vote went",
             "access": "a password, passcode or meeting id", "phone": "a telephone number",
             "rating": "a credit rating", "route": "a route's number"}
    return " or ".join(words[k] for k in kinds)


_CASED = frozenset({"person", "organisation", "place", "code", "figure", "access", "rating"})  # capitals are the evidence
