"""Common English content words for the synthetic corpora (nouns, verbs, adjectives).

Real words keep the embedding model's work realistic: its tokenizer reads each as one or
two pieces, as in real prose, where made-up words would cost four or five. The list is
fixed: changing it changes every corpus, so bump the corpus version in corpus.py if you do.
"""

ENGLISH = """
account act action activity address age agency agreement air amount analysis animal answer
apartment application approach area argument arm army art article artist attention audience
authority author award baby bag ball bank bar base basis bed behavior benefit bill bird
blood board boat body book border bottle box boy brain branch bread break bridge brother
budget building business buyer cake call camera campaign cancer capital car card care career
case cash cat cause cell center century chain chair challenge chance change chapter charge
check chicken child choice church citizen city claim class client climate club coach coast
code coffee college color column committee community company computer concept concern
condition conference contract control cost council country county couple course court cover
credit crime crisis culture cup customer cycle damage data date daughter deal death debate
debt decade decision degree demand department design detail development device difference
dinner direction director discussion disease distance district doctor document dog door
dream dress drink driver drug duty economy edge editor education effect effort election
element employee end energy engine engineer environment equipment error event evidence
exam example exercise experience expert eye face fact factor factory failure family farm
father fear fee field figure file film finance fire firm fish floor flower focus food foot
force forest form fund future game garden gas gate generation gift girl goal government
grade grant ground group growth guard guest guide gun hair half hall hand head health heart
heat height help highway history hole holiday home hope horse hospital hotel hour house
husband idea image impact income increase industry information injury insurance interest
interview investment island issue item job journey judge key kid kitchen knowledge lab lake
land language law lawyer layer leader league lesson letter level library license light limit
line link list loan location loss love machine magazine manager map market marriage match
material matter meal meaning measure media medicine meeting member memory message metal
method middle minute mission model moment money month morning mother motor mountain mouth
movie music name nation nature network news newspaper night noise note notice number nurse
object offer office officer oil operation opinion option order organization owner page pain
painting paper parent park part partner party passage patient pattern payment peace pension
period permit person phone photo piece pilot pipe place plan plant plate platform player
plenty pocket poem point police policy pool population position post pound power practice
president pressure price principle prison problem process product profit program project
property proposal protection public purpose quality quarter question race radio rain range
rate reader reality reason record region relation release report request research resource
response rest result return review rice right risk river road rock role room root rule
safety salary sale salt sample scale scene school science score screen sea season seat
second secret section sector security seed sense series service session share shape ship
shirt shop shot side sign signal silver sister site size skill skin sky sleep smile snow
society software soil soldier solution son song sound source space speaker speech speed
sport spring staff stage standard star station status step stock stone store storm story
strategy street strength stress structure student studio style subject success sugar summer
supply support surface survey system table talent target task tax tea teacher team
technology telephone television temperature term test text theory thing thought ticket
title tool top topic total tour town track trade traffic training transport travel tree
trial trip trouble truck truth turn type union unit university user valley value vehicle
version victim video view village violence visit voice volume vote wage wall war warning
waste watch water wave wealth weather web week weight west wheel while wife window wine
winter wire woman wood word worker writer yard youth zone
accept achieve add admit affect agree allow announce appear apply argue arrive ask assume
attack avoid begin believe belong borrow build buy carry catch choose claim clean close
collect compare complain complete consider contain continue cook cost count create cross
cut decide deliver deny depend describe destroy develop die discover drive drop earn eat
enjoy enter escape establish examine expand expect explain fail fall feed feel fight fill
find finish fly follow forget fix gain gather grow handle hang happen hate hear hide hire
hit hold hurt identify ignore imagine improve include indicate inform insist install intend
invest invite involve join jump keep kill knock lack laugh lay lead learn leave lend let lie
lift listen live look lose lower maintain manage mark mention mind miss mix move need note
obtain occur open operate order organize own paint pass pay perform pick place plan play
prefer prepare present prevent produce promise protect prove provide publish pull push put
raise reach read realize receive recognize recommend reduce refer reflect refuse remain
remember remove repeat replace reply represent require rescue respond reveal ride ring rise
run save say search sell send serve set settle shake shoot show shut sing sink sit smell
solve speak spend split spread stand start stay steal stick stop strike study suffer
suggest supply suppose survive swim switch teach tear tell tend test thank think throw
touch train treat trust try understand unite urge use vary visit wait walk want warn wash
wear win wish wonder worry write
able active actual afraid alive ancient angry annual anxious apparent available aware bad
basic beautiful big bitter blue bold bottom brave brief bright broad brown busy calm careful
central certain cheap chief civil classic clean clear close cold common complex concrete
constant cool correct crazy critical cultural cute daily dark dead dear deep direct dirty
double dry due early eastern easy economic effective empty entire equal essential exact
expensive extra fair familiar famous far fast federal final fine firm flat foreign formal
former free fresh friendly full funny general gentle global golden grand green gray guilty
happy hard healthy heavy high honest hot huge human ideal illegal important independent
initial inner innocent internal joint junior kind large late legal light likely little
live local long loose loud low lucky main major male medical mental mild military minor
modern moral narrow national natural near neat negative nervous new nice normal northern
obvious odd official old open ordinary original other outside patient perfect personal
physical plain pleasant polite poor popular positive possible powerful pretty previous
primary prime private proper proud pure quick quiet rapid rare raw ready real recent red
regular relevant remote rich rough round royal rural sad safe scared secure senior serious
severe sharp short sick silent simple single slow small smart smooth soft solid southern
special specific square stable steady steep strange strict strong sudden sweet tall thick
thin tiny total tough typical ugly unique unknown unusual upper urban useful usual vast
visible vital warm weak wealthy western white whole wide wild wise wooden young
"""
