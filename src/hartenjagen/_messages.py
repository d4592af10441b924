"""The entries of the message catalogue: ``key: (English, Dutch)``; read them through [`hartenjagen.texts`][hartenjagen.texts].

Both sentences of an entry have the same ``str.format`` fields (a test checks it). Dutch is the
language of the card table: harten, schoppen, klaveren, ruiten; boer, vrouw, heer, aas;
uitkomen (to lead), bekennen (to follow suit), doorgeven (to pass), slag (trick), ronde (hand),
miezen (to announce), verzaken (to revoke), alles halen (to shoot the moon).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Final

_ENTRIES: dict[str, tuple[str, str]] = {
    # ------------------------------------------------------------ the terminal table (terminal.show, .ask)
    "table.hand": ("Your hand", "Je kaarten"),
    "table.trick": ("On the table", "Op tafel"),
    "table.empty": ("(nothing yet)", "(nog niets)"),
    "table.scores": ("Scores", "Stand"),
    "table.taken": ("Taken this hand", "Deze ronde gehaald"),
    "table.seat": ("seat", "speler"),
    "table.moves": ("Your moves", "Je zetten"),
    "table.pass": (
        "Choose {count} cards to pass {direction} (cards or numbers, separated by spaces)",
        "Kies {count} kaarten om {direction} door te geven (kaarten of nummers, met spaties)",
    ),
    "table.return": (
        "Choose {count} of the cards you received to pass back (cards or numbers)",
        "Kies {count} van de gekregen kaarten om terug te geven (kaarten of nummers)",
    ),
    "table.chosen": (
        "Chosen so far: {cards}. Choose {count} more ('-' starts again):",
        "Gekozen: {cards}. Kies er nog {count} ('-' begint opnieuw):",
    ),
    "table.cleared": ("Nothing chosen yet.", "Nog niets gekozen."),
    "table.announce": (
        "Announce that you will take no penalty card this hand?",
        "Miezen: je haalt deze ronde geen strafkaart?",
    ),
    "table.moon": (
        "You took every penalty card! Choose how the moon is scored:",
        "Je hebt alle strafkaarten gehaald! Kies hoe dat telt:",
    ),
    "table.prompt": ("Your move: ", "Jouw zet: "),
    "table.illegal": ("Not allowed: {reason}.", "Dat mag niet: {reason}."),
    "table.unreadable": ("Cannot read {text!r}: {error}", "Kan {text!r} niet lezen: {error}"),
    "table.unreadable_hint": (
        "type a card (QS, q♠, 10h) or the number of a move; 'help' or '?' explains",
        "typ een kaart (VS, schoppenvrouw, B♣, 10h) of het nummer van een zet; 'help' of '?' legt het uit.",
    ),
    "table.type_a_move": ("type a move", "typ een zet"),
    "table.number": (
        "There is no move {number}: choose 1 to {last}.",
        "Er is geen zet {number}: kies 1 tot en met {last}.",
    ),
    "table.help": (
        "Type a card (QS, q♠, 10h, ♠Q, queen of spades) or the number of a move; to pass, several cards "
        "or numbers separated by spaces, or a few at a time ('-' starts the choice again); yes or no "
        "to an announcement. 'help' or '?' shows this; Ctrl-D or Ctrl-C stops.",
        "Typ een kaart (VS, schoppenvrouw, B♣, 10h, HK voor de klaverenheer; ook QS en q♠) of het "
        "nummer van een zet; om door te geven meerdere kaarten of nummers met spaties, of een paar "
        "tegelijk ('-' begint opnieuw); ja of nee bij miezen. 'help' of '?' toont dit; Ctrl-D of "
        "Ctrl-C stopt.",
    ),
    "table.bye": ("Bye.", "Tot ziens."),
    "table.header": ("Hand {hand}, dealt by seat {dealer}; {phase}.", "Ronde {hand}, gedeeld door speler {dealer}; {phase}."),
    "table.yes": ("yes", "ja"),
    "table.no": ("no", "nee"),
    "table.moon_option": ("{option}: {sentence}", "{option}: {sentence}"),
    # ------------------------------------------------------------ the score sheet (terminal.score_sheet)
    "sheet.title": ("Score sheet", "Scorebriefje"),
    "sheet.hand": ("hand", "ronde"),
    "sheet.dealer": ("dealer", "gever"),
    "sheet.moon": ("moon: seat {seat}", "alles: speler {seat}"),
    "sheet.announced": ("announced: {seats}", "gemiesd: {seats}"),
    "sheet.mies_made": (
        "seat {seat} announced and took no penalty card ({points:+d})",
        "speler {seat} miesde en haalde geen strafkaart ({points:+d})",
    ),
    "sheet.mies_failed": (
        "seat {seat} announced but took a penalty card ({points:+d})",
        "speler {seat} miesde maar haalde een strafkaart ({points:+d})",
    ),
    "sheet.mies_either": (
        "seat {seat} announced ({points:+d} if no penalty card was taken, else {failed:+d})",
        "speler {seat} miesde ({points:+d} zonder strafkaart, anders {failed:+d})",
    ),
    "sheet.revoke": ("revoke: seat {seat}", "verzaakt: speler {seat}"),
    # ------------------------------------------------------------ hartenjagen play
    "play.welcome": (
        "hartenjagen: {variant}. You are seat {seat}; {others}.",
        "hartenjagen: {variant}. Jij bent speler {seat}; {others}.",
    ),
    "play.hint": (
        "Type a card (QS, q♠, 10h) or the number of a move; 'help' lists the commands; Ctrl-D or Ctrl-C stops.",
        "Typ een kaart (VS, schoppenvrouw, 10h) of het nummer van een zet; 'help' legt het uit; Ctrl-D of Ctrl-C stopt.",
    ),
    "play.bot": ("seat {seat}: {name}", "speler {seat}: {name}"),
    "play.you_won": ("You win!", "Je hebt gewonnen!"),
    "play.you_lost": ("You do not win this time.", "Je hebt deze keer niet gewonnen."),
    "play.saved": ("The game record is in {path}.", "Het spelverslag staat in {path}."),
    "play.move_one": ("{count} move", "{count} zet"),
    "play.move_many": ("{count} moves", "{count} zetten"),
    "play.bot_illegal": (
        "the {bot} bot at seat {seat} made an illegal move: {error}",
        "de bot {bot} van speler {seat} deed een zet die niet mag: {error}",
    ),
    "play.bot_failed": ("the {bot} bot at seat {seat} failed: {error}", "de bot {bot} van speler {seat} faalde: {error}"),
    # ------------------------------------------------------------ hartenjagen replay
    "replay.record": (
        "Game record: {variant}, seed {seed}, dealer {dealer}, {moves}.",
        "Spelverslag: {variant}, seed {seed}, gever {dealer}, {moves}.",
    ),
    "replay.deal": ("  seat {seat}: {cards}", "  speler {seat}: {cards}"),
    "replay.unfinished": (
        "The record ends here, before the game is over.",
        "Het verslag stopt hier, voor het einde van het spel.",
    ),
    "replay.step": ("[Enter] ", "[Enter] "),
    "replay.custom_rules": ("custom rules", "eigen regels"),
    # ------------------------------------------------------------ the command's errors and options (cli)
    "cli.error": ("{prog}: error: {error}", "{prog}: fout: {error}"),
    "cli.command_error": ("{prog} {command}: error: {error}", "{prog} {command}: fout: {error}"),
    "cli.no_bot": ("--bots: no bot called {name!r}{hint} (bots: {bots})", "--bots: er is geen bot {name!r}{hint} (bots: {bots})"),
    "cli.did_you_mean": ("; did you mean {name!r}?", "; bedoel je {name!r}?"),
    "cli.empty_bot": ("--bots: an empty name in {text!r} (bots: {bots})", "--bots: een lege naam in {text!r} (bots: {bots})"),
    "cli.bot_count": (
        "--bots: {count} names for {seats} {who}; give one name for each, in seat order, or one for all",
        "--bots: {count} namen voor {seats} {who}; geef er een voor elke speler, op volgorde, of een voor allemaal",
    ),
    "cli.other_seats": ("other seats", "andere spelers"),
    "cli.seats": ("seats", "spelers"),
    "cli.bad_dealer": (
        "--dealer: expected a seat from 0 to {last} or 'cut', not {text!r}",
        "--dealer: verwacht een speler van 0 tot en met {last} of 'cut', niet {text!r}",
    ),
    "cli.bad_seat": (
        "--seat: there is no seat {seat} in {variant}: seats are 0 to {last}",
        "--seat: {variant} heeft geen speler {seat}: de spelers zijn 0 tot en met {last}",
    ),
    "cli.not_whole": ("expected a whole number, not {text!r}", "verwacht een geheel getal, niet {text!r}"),
    "cli.too_small": ("expected a number of at least 1, not {value}", "verwacht een getal van minstens 1, niet {value}"),
    "cli.is_directory": ("{option}: {path} is a directory", "{option}: {path} is een map"),
    "cli.no_directory": ("{option}: there is no directory {path}", "{option}: de map {path} bestaat niet"),
    "cli.no_file": ("no such file: {path}", "dat bestand bestaat niet: {path}"),
    "cli.unreadable_file": ("cannot read {path}: {error}", "kan {path} niet lezen: {error}"),
    "cli.not_a_record": ("{path} is not a game record: {error}", "{path} is geen spelverslag: {error}"),
    "cli.bad_record": ("{path}: {error}", "{path}: {error}"),
    "cli.illegal_record_move": (
        "{path}: move {number} ({move}) is illegal: {error}",
        "{path}: zet {number} ({move}) mag niet: {error}",
    ),
    "cli.unknown_variant": (
        "no variant called {name!r} (presets: {names}, or hoemke_P1L1H1S1..P4L4H4S4)",
        "er is geen variant {name!r} (varianten: {names}, of hoemke_P1L1H1S1..P4L4H4S4)",
    ),
    "cli.description": (
        "Hearts (Hartenjagen) and its variants: play, simulate, list presets, explain rules, replay.",
        "Hartenjagen en zijn varianten: spelen, simuleren, varianten tonen, regels uitleggen, terugkijken.",
    ),
    "cli.epilog": (
        "Exit codes: 0 done (also when the input ends); 1 a bot failed; 2 bad arguments; 130 stopped with Ctrl-C.",
        "Afsluitcodes: 0 klaar (ook als de invoer stopt); 1 een bot faalde; 2 verkeerde argumenten; "
        "130 gestopt met Ctrl-C.",
    ),
    "cli.play": ("play a game in the terminal against bots", "een spel spelen in de terminal tegen bots"),
    "cli.play_description": (
        "Play a game against bots. Type a card (QS, q♠, 10h, ♠Q) or the number of a move; to pass, "
        "type the cards (or their numbers) separated by spaces, all at once or a few at a time. "
        "Ctrl-D ends the game (exit code 0), Ctrl-C too (exit code 130).",
        "Speel een spel tegen bots. Typ een kaart (VS, schoppenvrouw, 10h) of het nummer van een zet; "
        "om door te geven de kaarten (of hun nummers) met spaties, alles tegelijk of een paar tegelijk. "
        "Ctrl-D stopt het spel (afsluitcode 0), Ctrl-C ook (afsluitcode 130).",
    ),
    "cli.variant": (
        "a preset name or alias, or hoemke_P1L2H3S4",
        "de naam van een variant (ook een andere naam), of hoemke_P1L2H3S4",
    ),
    "cli.seat": ("your seat (default 0)", "welke speler jij bent (standaard 0)"),
    "cli.dealer": (
        "the first dealer: a seat, or 'cut' to cut for it (default 0)",
        "de eerste gever: een speler, of 'cut' om erom te couperen (standaard 0)",
    ),
    "cli.seed": ("seed of the deals and bots (default: secret)", "seed van het delen en de bots (standaard: geheim)"),
    "cli.lang": ("language of the table", "taal van de tafel"),
    "cli.lang_events": ("language of the events", "taal van de gebeurtenissen"),
    "cli.lang_text": ("language of the text", "taal van de tekst"),
    "cli.bots": (
        "the bots at the other seats, in seat order, or one for all",
        "de bots van de andere spelers, op volgorde, of een voor allemaal",
    ),
    "cli.record": ("write the game record to FILE (for `replay`)", "schrijf het spelverslag naar FILE (voor `replay`)"),
    "cli.simulate": (
        "play many games between bots and summarise them",
        "veel spellen tussen bots spelen en samenvatten",
    ),
    "cli.simulate_description": (
        "Play games between bots and print each seat's wins, mean points and moon shots.",
        "Speel spellen tussen bots en toon per speler de overwinningen, de gemiddelde stand en hoe vaak "
        "die alles haalde.",
    ),
    "cli.games": ("number of games (default 100)", "aantal spellen (standaard 100)"),
    "cli.sim_bots": (
        "the bot of every seat, in seat order, or one for all (default: heuristic, then random)",
        "de bot van elke speler, op volgorde, of een voor allemaal (standaard: heuristic, dan random)",
    ),
    "cli.sim_seed": ("seed of the whole run (default 0)", "seed van de hele reeks (standaard 0)"),
    "cli.workers": ("processes to play in (default 1)", "aantal processen om in te spelen (standaard 1)"),
    "cli.json": (
        "also write the results as JSON to FILE ('-': stdout only)",
        "schrijf de uitslagen ook als JSON naar FILE ('-': alleen naar stdout)",
    ),
    "cli.progress": (
        "show a progress bar even if stderr is no terminal",
        "toon een voortgangsbalk, ook als stderr geen terminal is",
    ),
    "cli.variants": (
        "list every preset with its aliases and modules",
        "alle varianten tonen met hun andere namen en modules",
    ),
    "cli.rules": ("one preset's rules in words", "de regels van een variant in woorden"),
    "cli.rules_name": (
        "a preset name or alias, or hoemke_P1L2H3S4",
        "de naam van een variant (ook een andere naam), of hoemke_P1L2H3S4",
    ),
    "cli.replay": ("step through a saved game record", "een bewaard spelverslag terugkijken"),
    "cli.replay_file": (
        "a game record (GameRecord.to_text, or `play --record`)",
        "een spelverslag (GameRecord.to_text, of `play --record`)",
    ),
    "cli.step": ("wait for Enter between moves", "wacht op Enter tussen de zetten"),
    "cli.executor": (
        "where the games run: pool (the default: --workers processes), thread or process"
        " (a concurrent.futures pool of --workers), serial, or module:factory (returns an Executor)",
        "waar de spellen lopen: pool (standaard: --workers processen), thread of process"
        " (een concurrent.futures-pool van --workers), serial, of module:factory (geeft een Executor)",
    ),
    "cli.dask": (
        "run the games on a Dask cluster: a scheduler address (tcp://host:8786), or 'local'"
        " for a local cluster of --workers processes (needs the dask extra: pip install 'hartenjagen[dask]')",
        "speel de spellen op een Dask-cluster: het adres van een scheduler (tcp://host:8786), of 'local'"
        " voor een cluster hier van --workers processen (vraagt de extra dask: pip install 'hartenjagen[dask]')",
    ),
    "cli.chunk_size": (
        "games per task (default: at most 20, fewer to give each worker four tasks)",
        "spellen per taak (standaard: hooguit 20, minder om elke worker vier taken te geven)",
    ),
    "cli.jsonl": (
        "also write one JSON line per game to FILE ('-': stdout)",
        "schrijf ook een JSON-regel per spel naar FILE ('-': stdout)",
    ),
    "cli.whole": (
        "expected a whole number of at least 1, not {text!r}",
        "verwacht een geheel getal van minstens 1, niet {text!r}",
    ),
    # ------------------------------------------------------------ hartenjagen simulate (cli_simulate)
    "simulate.game_one": ("{count} game", "{count} spel"),
    "simulate.game_many": ("{count} games", "{count} spellen"),
    "simulate.progress": ("[{bar}] {done}/{games}  {seconds:.1f} s", "[{bar}] {done}/{games}  {seconds:.1f} s"),
    "simulate.title": ("{variant}: {games}, seed {seed}", "{variant}: {games}, seed {seed}"),
    "simulate.seat": ("seat", "speler"),
    "simulate.bot": ("bot", "bot"),
    "simulate.wins": ("wins", "gewonnen"),
    "simulate.win_rate": ("win %", "winst %"),
    "simulate.mean": ("mean total", "gem. stand"),
    "simulate.moons": ("moon shots", "alles gehaald"),
    "simulate.shared": (
        "A win shared by k seats (a tie for the best total) counts 1/k for each of them.",
        "Een overwinning van k spelers samen (gelijk met de beste stand) telt voor elk van hen 1/k.",
    ),
    "simulate.error": ("hartenjagen simulate: error: {error}", "hartenjagen simulate: fout: {error}"),
    "simulate.stopped": (
        "hartenjagen simulate: stopped with Ctrl-C after {done} of {games}; no results are printed or written.",
        "hartenjagen simulate: gestopt met Ctrl-C na {done} van {games}; er worden geen uitslagen getoond of "
        "geschreven.",
    ),
    "simulate.written": ("JSON written to {path}.", "JSON geschreven naar {path}."),
    "simulate.no_executor": (
        "--executor: no executor called {kind!r} (choose {kinds} or module:factory)",
        "--executor: er is geen executor {kind!r} (kies {kinds} of module:factory)",
    ),
    "simulate.factory_failed": (
        "--executor {path}: cannot make the executor: {error}",
        "--executor {path}: kan de executor niet maken: {error}",
    ),
    "simulate.not_executor": (
        "--executor {path}: made {made}, which is not a concurrent.futures.Executor",
        "--executor {path}: maakte {made}, en dat is geen concurrent.futures.Executor",
    ),
    "simulate.no_dask": (
        "--dask needs Dask's distributed: pip install 'hartenjagen[dask]'",
        "--dask vraagt distributed van Dask: pip install 'hartenjagen[dask]'",
    ),
    "simulate.no_cluster": (
        "--dask {address}: cannot reach the cluster: {error}",
        "--dask {address}: kan het cluster niet bereiken: {error}",
    ),
    # ------------------------------------------------------------ hartenjagen variants and rules (cli_rules)
    "rules.aliases": ("aliases: {names}", "andere namen: {names}"),
    "rules.modules": ("modules: {modules}", "modules: {modules}"),
    "rules.changed_modules": ("modules (the rest as standard): {modules}", "modules (de rest als standard): {modules}"),
    "rules.hoemke": (
        "hoemke_P1L1H1S1 ... hoemke_P4L4H4S4: Hoemke's 256 variants, one number 1-4 for each of\n"
        "  passing (P), first lead (L), leading hearts (H) and scoring (S);\n"
        "  `hartenjagen rules hoemke_P2L2H2S3` explains one.",
        "hoemke_P1L1H1S1 ... hoemke_P4L4H4S4: de 256 varianten van Hoemke, een getal 1-4 voor elk van\n"
        "  doorgeven (P), eerste uitkomst (L), uitkomen met harten (H) en puntentelling (S);\n"
        "  `hartenjagen rules hoemke_P2L2H2S3 --lang nl` legt er een uit.",
    ),
    "rules.also_called": ("Also called: {names}.", "Ook genoemd: {names}."),
    "rules.sources": ("Sources: {sources}.", "Bronnen: {sources}."),
    "rules.size": ("{players} players, {cards} cards, {hand} each.", "{players} spelers, {cards} kaarten, {hand} per speler."),
    "rules.no_passing": (
        "No cards are passed: every hand is played as it is dealt.",
        "Er wordt niet doorgegeven: elke ronde wordt gespeeld zoals ze gedeeld is.",
    ),
    "rules.settings": ("settings: ", "instellingen: "),
    "rules.none": ("none", "geen"),
    "rules.yes": ("yes", "ja"),
    "rules.no": ("no", "nee"),
    "rules.each": ("{cards} {points} each", "{cards} elk {points}"),
    "rules.nothing_scores": ("nothing scores", "niets telt"),
    "rules.moon_total": ("the scoring's total ({total})", "het totaal van de puntentelling ({total})"),
    "rules.slot.deck": ("deck", "kaarten"),
    "rules.slot.passing": ("passing", "doorgeven"),
    "rules.slot.opening": ("opening lead", "eerste uitkomst"),
    "rules.slot.first_trick": ("first trick", "eerste slag"),
    "rules.slot.leading": ("leading hearts", "uitkomen met harten"),
    "rules.slot.scoring": ("scoring", "puntentelling"),
    "rules.slot.moon": ("shooting the moon", "alles halen"),
    "rules.slot.ending": ("end of the game", "einde van het spel"),
    "rules.slot.duplicates": ("identical cards", "gelijke kaarten"),
    "rules.slot.extras": ("house rules", "huisregels"),
    # each built-in module's rule in words (a module of one's own gives its docstring's first paragraph)
    "rules.module.SinglePack": (
        "One pack of cards from `lowest_rank` to ace in each suit, less `removed`, dealt to `players`.",
        "Eén spel kaarten van `lowest_rank` tot en met aas in elke kleur, zonder `removed`, gedeeld aan `players`.",
    ),
    "rules.module.DoubleDeck": (
        "Two 52-card packs shuffled together for six or more players.",
        "Twee spellen van 52 kaarten door elkaar geschud, voor zes of meer spelers.",
    ),
    "rules.module.PassCycle": (
        "Every seat passes `cards` cards at once; hand `h` uses `directions[h % len(directions)]`.",
        "Iedereen geeft tegelijk `cards` kaarten door; ronde `h` gebruikt `directions[h % len(directions)]`.",
    ),
    "rules.module.RandomDirection": (
        "Each hand, chance picks hold, left, across or right with probability ¼ each; pass `cards`.",
        "Elke ronde loot het lot niet, links, overkant of rechts, elk met kans ¼; geef `cards` kaarten door.",
    ),
    "rules.module.PassAndReturn": (
        "Pass `cards` cards by the cycle; then each seat returns `returned` card to the seat that passed to it.",
        "Geef `cards` kaarten door volgens de cyclus; daarna geeft ieder `returned` kaart terug aan wie hem "
        "kaarten gaf.",
    ),
    "rules.module.PassToDealer": (
        "Every hand, each seat gives `cards` cards face down to the dealer, who shuffles and deals them back.",
        "Elke ronde geeft ieder `cards` kaarten dicht aan de gever, die ze schudt en weer uitdeelt.",
    ),
    "rules.module.LowestClubLeads": (
        "The holder of the lowest club in the pack must lead it: the 2♣ normally.",
        "Wie de laagste klaveren van het spel heeft, moet ermee uitkomen: meestal klaveren twee.",
    ),
    "rules.module.LowestClubHolderLeadsAnyClub": (
        "The holder of the lowest club leads the first trick with any club they choose.",
        "Wie de laagste klaveren heeft, komt in de eerste slag uit met een klaveren naar keuze.",
    ),
    "rules.module.EldestLeadsLowestNonHeart": (
        "Eldest leads their lowest-ranked card that is not a heart (their choice on a tie across suits).",
        "De voorhand komt uit met zijn laagste kaart die geen harten is (bij gelijke hoogte in meer kleuren "
        "naar keuze).",
    ),
    "rules.module.EldestLeadsLowestOfChosenSuit": (
        "Eldest chooses a suit other than hearts and leads its lowest card (lowest heart if only hearts).",
        "De voorhand kiest een kleur behalve harten en komt uit met de laagste kaart daarvan (met de "
        "laagste harten als hij alleen harten heeft).",
    ),
    "rules.module.FirstDeuceFromEldest": (
        "Going clockwise from eldest, the first player holding the 2♣, 2♦ or 2♠ leads one of them.",
        "Vanaf de voorhand met de klok mee komt de eerste speler met klaveren, ruiten of schoppen twee "
        "uit met een daarvan.",
    ),
    "rules.module.ShowTwoOfClubsLeadSafe": (
        "The 2♣ holder shows it and leads any card worth nothing under the scoring (the 2♣ itself will do).",
        "Wie klaveren twee heeft, laat die zien en komt uit met een kaart die niets waard is (klaveren twee "
        "zelf mag ook).",
    ),
    "rules.module.EldestLeadsAny": (
        "Eldest (left of the dealer) leads any card, penalty cards included.",
        "De voorhand (links van de gever) komt uit met een kaart naar keuze, ook een strafkaart.",
    ),
    "rules.module.NoPointsUnlessForced": (
        "No penalty card may be played to the first trick unless the player has no other legal card.",
        "In de eerste slag mag geen strafkaart worden gespeeld, tenzij de speler niets anders mag spelen.",
    ),
    "rules.module.AnythingOnFirstTrick": (
        "The first trick is played like any other.",
        "De eerste slag wordt gespeeld als elke andere.",
    ),
    "rules.module.HeartsAfterBroken": (
        "Hearts may be led only once hearts are broken: a heart was played in an earlier trick.",
        "Met harten mag je pas uitkomen als de harten gebroken zijn: in een eerdere slag is harten gespeeld.",
    ),
    "rules.module.HeartsAfterTricks": (
        "Hearts may be led from trick `tricks + 1` on.",
        "Met harten mag je uitkomen vanaf slag `tricks + 1`.",
    ),
    "rules.module.HeartsAfterSuitsLed": (
        "Hearts may be led once clubs, diamonds and spades have each been led, or two of them twice each.",
        "Met harten mag je uitkomen zodra er met klaveren, ruiten en schoppen elk is uitgekomen, of met "
        "twee daarvan elk twee keer.",
    ),
    "rules.module.HeartsAnytime": ("Hearts may be led at any time.", "Met harten mag je altijd uitkomen."),
    "rules.module.CardPoints": (
        "Each captured card scores the value in `values`; cards not listed score 0.",
        "Elke gehaalde kaart telt de waarde in `values`; andere kaarten tellen 0.",
    ),
    "rules.module.HoemkeFirstTwoFree": (
        "Each player's first two hearts are free, every further heart costs 2; Q♠ 13; J♦ −10.",
        "De eerste twee harten van elke speler zijn gratis, elke volgende harten kost 2; V♠ 13; B♦ −10.",
    ),
    "rules.module.OthersPlus": (
        "A shooter scores nothing for the moon cards and every other player scores `amount` more.",
        "Wie alles haalt, krijgt daarvoor niets en alle anderen krijgen `amount` punten erbij.",
    ),
    "rules.module.SelfMinus": (
        "A shooter scores minus `amount` (and nothing for the moon cards); the others score as usual.",
        "Wie alles haalt, krijgt min `amount` (en niets voor de strafkaarten); de anderen tellen gewoon.",
    ),
    "rules.module.ShooterChoice": (
        "The shooter chooses after the hand: the others score `amount` more, or the shooter `amount` less.",
        "Wie alles haalt, kiest na de ronde: de anderen `amount` punten erbij, of zelf `amount` eraf.",
    ),
    "rules.module.ResetOrDouble": (
        "The shooter chooses: their own running total goes back to 0, or every other total is doubled.",
        "Wie alles haalt, kiest: de eigen stand gaat terug naar 0, of de stand van elke ander wordt verdubbeld.",
    ),
    "rules.module.NoMoon": (
        "Taking every penalty card has no special effect.",
        "Alle strafkaarten halen heeft geen bijzonder gevolg.",
    ),
    "rules.module.ScoreLimit": (
        "The game ends after the hand in which a total reaches `limit`; the lowest total wins.",
        "Het spel stopt na de ronde waarin een stand `limit` haalt; de laagste stand wint.",
    ),
    "rules.module.Countdown": (
        "Everyone starts at `start` and counts down; the game ends when a score is 0 or less; highest wins.",
        "Iedereen begint op `start` en telt af; het spel stopt als een stand 0 of lager is; de hoogste wint.",
    ),
    "rules.module.TwoHalves": (
        "Dutch two halves: add hand points until a total reaches `switch`; from the next hand, subtract them.",
        "Twee helften: tel de punten op tot een stand `switch` haalt; vanaf de volgende ronde gaan ze eraf.",
    ),
    "rules.module.FixedDeals": (
        "The game is `deals` hands (a voided hand does not count); the lowest total wins.",
        "Het spel duurt `deals` rondes (een vervallen ronde telt niet); de laagste stand wint.",
    ),
    "rules.module.SingleHand": (
        "The game is one hand; the lowest score wins.",
        "Het spel is één ronde; de laagste stand wint.",
    ),
    "rules.module.FirstPlayedWins": (
        "The highest card of the led suit wins; of two identical winning cards, the one played first.",
        "De hoogste kaart van de gevraagde kleur wint; van twee gelijke winnende kaarten de eerst gespeelde.",
    ),
    "rules.module.CancelPairs": (
        "Identical cards of the led suit cancel each other; the highest uncancelled one wins.",
        "Gelijke kaarten van de gevraagde kleur heffen elkaar op; de hoogste die overblijft wint.",
    ),
    "rules.module.NoTricksBonus": (
        "A player who won no trick in the hand scores `points` (−5), unless someone shot the moon.",
        "Wie in de ronde geen slag haalt, krijgt `points` (−5), tenzij iemand alles haalde.",
    ),
    "rules.module.Miezen": (
        "Miezen (Achterhoek): before the first lead, each player in turn from eldest may announce to take "
        "no penalty cards.",
        "Miezen (Achterhoek): voor de eerste uitkomst mag elke speler om de beurt, vanaf de voorhand, "
        "zeggen dat hij geen strafkaart haalt.",
    ),
    "rules.module.MustDropQueen": (
        "The holder of the Q♠ must play it at the first chance where it cannot win the trick.",
        "Wie de schoppenvrouw heeft, moet die spelen bij de eerste kans waarin ze de slag niet kan winnen.",
    ),
    "rules.module.RevokePenalty": (
        "Revokes are penalized, not prevented: an illegal play of a card in hand is accepted, and voids the hand.",
        "Verzaken wordt bestraft, niet tegengehouden: een kaart die niet mag, wordt aangenomen en de ronde "
        "vervalt.",
    ),
    # ------------------------------------------------------------ the events (describe)
    "event.hand_dealt": (
        "Hand {hand} is dealt by seat {dealer}; cards pass {direction}.",
        "Ronde {hand} wordt gedeeld door speler {dealer}; er wordt {direction} doorgegeven.",
    ),
    "event.hand_dealt_hold": (
        "Hand {hand} is dealt by seat {dealer}; no cards are passed (a hold hand).",
        "Ronde {hand} wordt gedeeld door speler {dealer}; er wordt niet doorgegeven (een rustronde).",
    ),
    "event.pass_chosen": (
        "Seat {seat} has chosen the cards to pass.",
        "Speler {seat} heeft de kaarten gekozen om door te geven.",
    ),
    "event.exchanged_own": (
        "Seat {seat} passed {given} and received {received}.",
        "Speler {seat} gaf {given} door en kreeg {received}.",
    ),
    "event.exchanged": ("The cards have been passed.", "De kaarten zijn doorgegeven."),
    "event.nothing": ("nothing", "niets"),
    "event.announced": ("Seat {seat} announces to take no penalty cards.", "Speler {seat} miest: geen strafkaarten."),
    "event.declined": ("Seat {seat} declines to announce.", "Speler {seat} miest niet."),
    "event.card_played": ("Seat {seat} plays the {card}.", "Speler {seat} speelt {card}."),
    "event.hearts_broken": ("Hearts are broken.", "De harten zijn gebroken."),
    "event.trick_won_one": (
        "Seat {seat} takes trick {trick} ({points} point).",
        "Speler {seat} haalt slag {trick} binnen ({points} punt).",
    ),
    "event.trick_won_many": (
        "Seat {seat} takes trick {trick} ({points} points).",
        "Speler {seat} haalt slag {trick} binnen ({points} punten).",
    ),
    "event.trick_cancelled": (
        "Trick {trick} cancels out; its cards go to the next trick's winner.",
        "Slag {trick} valt tegen elkaar weg; de kaarten gaan naar de winnaar van de volgende slag.",
    ),
    "event.moon_shot": ("Seat {seat} shoots the moon!", "Speler {seat} haalt alle strafpunten binnen!"),
    "event.moon_chosen": ("Seat {seat}: {option}.", "Speler {seat}: {option}."),
    "event.hand_scored": (
        "Hand {hand} scores {points}; totals {totals}.",
        "Ronde {hand} telt {points}; stand {totals}.",
    ),
    "event.revoked": (
        "Seat {seat} revoked with the {card}: {penalty} penalty points and a new deal.",
        "Speler {seat} verzaakte met {card}: {penalty} strafpunten en opnieuw delen.",
    ),
    "event.game_over_one": ("Game over: {winners} wins.", "Einde van het spel: {winners} wint."),
    "event.game_over_many": ("Game over: {winners} win.", "Einde van het spel: {winners} winnen."),
    "event.seat": ("seat {seat}", "speler {seat}"),
    "event.list": ("{items} and {last}", "{items} en {last}"),
    "texts.language": ("language must be 'en' or 'nl', not {value!r}", "de taal moet 'en' of 'nl' zijn, niet {value!r}"),
    "event.not_an_event": ("{value!r} is not an event", "{value!r} is geen gebeurtenis"),
    # ------------------------------------------------------------ phases, pass directions, moon options
    "phase.passing": ("passing", "doorgeven"),
    "phase.announcing": ("announcing", "miezen"),
    "phase.playing": ("playing", "spelen"),
    "phase.moon_choice": ("moon choice", "keuze na alles halen"),
    "phase.game_over": ("game over", "einde"),
    "phase.chance": ("chance", "het lot"),
    # the same words in the events, at the table and on the web page
    "direction.left": ("to the left", "naar links"),
    "direction.right": ("to the right", "naar rechts"),
    "direction.across": ("across", "naar de overkant"),
    "direction.second_left": ("to the second seat on the left", "naar de tweede speler links"),
    "direction.second_right": ("to the second seat on the right", "naar de tweede speler rechts"),
    "direction.dealer": ("to the dealer", "naar de gever"),
    "direction.hold": ("nowhere", "niet"),
    "moon.others_plus": ("the others score the moon", "de anderen krijgen de punten erbij"),
    "moon.self_minus": ("the moon comes off their own score", "de punten gaan van de eigen stand af"),
    "moon.reset": ("their total goes back to 0", "de eigen stand gaat terug naar 0"),
    "moon.double": ("the other totals are doubled", "de standen van de anderen worden verdubbeld"),
    # ------------------------------------------------------------ why a move is refused (the engine's sentences)
    "refusal.not_a_move": (
        "{move} is not a move (expected Play, Pass, Announce or MoonChoice)",
        "{move} is geen zet (verwacht: Play, Pass, Announce of MoonChoice)",
    ),
    "refusal.game_over": ("the game is over", "het spel is afgelopen"),
    "refusal.no_such_seat": (
        "there is no seat {seat}: seats are 0 to {last}",
        "er is geen speler {seat}: de spelers zijn 0 tot en met {last}",
    ),
    "refusal.wrong_phase": ("now is the time to {now}, not to {wanted}", "nu is het tijd om {now}, niet om {wanted}"),
    "refusal.no_chance_event": (
        "no chance event is waiting: now is the time to {now}",
        "het lot hoeft nu niets te beslissen: nu is het tijd om {now}",
    ),
    "refusal.not_your_turn": (
        "it is seat {turn}'s turn to {verb}, not seat {seat}'s",
        "speler {turn} is aan de beurt om {verb}, niet speler {seat}",
    ),
    "refusal.not_passing": ("seat {seat} does not pass in this hand", "speler {seat} geeft deze ronde niet door"),
    "refusal.already_passed": ("seat {seat} has already passed", "speler {seat} heeft al doorgegeven"),
    "refusal.wrong_pass_count": ("pass exactly {count} cards, not {given}", "geef precies {count} kaarten door, niet {given}"),
    "refusal.card_not_in_hand": ("seat {seat} does not hold the {card}", "speler {seat} heeft de {card} niet"),
    "refusal.duplicate_card": ("the {card} is named {copies} times", "de {card} wordt {copies} keer genoemd"),
    "refusal.play": ("{card} may not be played: {reason}", "de {card} mag je niet spelen, want {reason}"),
    "refusal.pass": ("{card} may not be passed: {reason}", "de {card} mag je niet doorgeven, want {reason}"),
    "refusal.not_an_option": ("{option} is not an option here: choose {options}", "{option} kan hier niet: kies {options}"),
    "refusal.must_follow_suit": (
        "you must follow suit: {suit} were led",
        "je moet kleur bekennen: er is met {suit} uitgekomen",
    ),
    "refusal.opening.lowest_club": (
        "the first trick must be opened with the {card}",
        "in de eerste slag moet met de {card} worden uitgekomen",
    ),
    "refusal.opening.any_club": (
        "the first trick must be opened with a club",
        "in de eerste slag moet met een klaveren worden uitgekomen",
    ),
    "refusal.opening.lowest_non_heart": (
        "the first lead must be your lowest card that is not a heart",
        "je moet uitkomen met je laagste kaart die geen harten is",
    ),
    "refusal.opening.lowest_of_chosen_suit": (
        "the first lead must be the lowest card of a suit other than hearts",
        "je moet uitkomen met de laagste kaart van een andere kleur dan harten",
    ),
    "refusal.opening.deuce": (
        "the first lead must be a two of clubs, diamonds or spades",
        "je moet uitkomen met klaveren twee, ruiten twee of schoppen twee",
    ),
    "refusal.opening.no_points": (
        "the first lead must be a card worth no points",
        "je moet uitkomen met een kaart die geen punten waard is",
    ),
    "refusal.opening.any": ("any card may be led", "je mag met elke kaart uitkomen"),
    "refusal.leading": ("{what} may not be led {condition}", "met {what} mag je niet uitkomen {condition}"),
    "refusal.condition.until_broken": ("until hearts are broken", "zolang de harten niet gebroken zijn"),
    "refusal.condition.before_trick": ("before trick {trick}", "vóór slag {trick}"),
    "refusal.condition.until_suits_led": (
        "until clubs, diamonds and spades have each been led, or two of them twice",
        "zolang er niet met klaveren, ruiten en schoppen elk is uitgekomen, of met twee daarvan twee keer",
    ),
    "refusal.first_trick": (
        "no {what} on the first trick while you have another card you may play",
        "in de eerste slag geen {what} zolang je een andere kaart mag spelen",
    ),
    "refusal.first_trick.anything": (
        "anything may be played to the first trick",
        "in de eerste slag mag je alles spelen",
    ),
    "refusal.what.hearts": ("hearts", "harten"),
    "refusal.what.hearts_or_queen": ("hearts or the Q♠", "harten of de schoppenvrouw"),
    "refusal.what.penalty_cards": ("penalty cards", "strafkaarten"),
    "refusal.passing.from_hand": ("you may only pass cards from your hand", "je mag alleen kaarten uit je hand doorgeven"),
    "refusal.passing.return_received": (
        "the card you return must be one of the cards you received",
        "de kaart die je teruggeeft moet een van de kaarten zijn die je kreeg",
    ),
    "refusal.extras.house_rule": ("the house rule {rule} forbids it", "de huisregel {rule} verbiedt het"),
    "refusal.extras.must_drop_queen": (
        "you must drop the Q♠ now that it cannot win the trick",
        "je moet de schoppenvrouw nu afgooien: ze kan de slag niet meer winnen",
    ),
    "refusal.wrong_outcome": ("chance decides {event} now, not a {kind}", "het lot beslist nu {event}, geen {kind}"),
    "refusal.event.first_dealer": ("the first dealer (FirstDealer)", "wie eerst geeft (FirstDealer)"),
    "refusal.event.deal": ("the deal (Deal or DealCard)", "het delen (Deal of DealCard)"),
    "refusal.event.direction": ("the pass direction (DrawnDirection)", "de richting van doorgeven (DrawnDirection)"),
    "refusal.event.pool": (
        "the order of the passed cards the dealer deals back (PoolOrder or PoolCard)",
        "de volgorde waarin de gever de doorgegeven kaarten terugdeelt (PoolOrder of PoolCard)",
    ),
    "refusal.direction_not_drawn": (
        "the pass direction is drawn from {names}, not {direction}",
        "de richting van doorgeven wordt geloot uit {names}, niet {direction}",
    ),
    "refusal.deal_begun": (
        "the deal has begun: deal the other cards one by one (DealCard)",
        "het delen is begonnen: deel de andere kaarten een voor een (DealCard)",
    ),
    "refusal.pool_begun": (
        "the pool is being dealt back: give its other cards one by one (PoolCard)",
        "de doorgegeven kaarten worden teruggedeeld: geef de andere een voor een (PoolCard)",
    ),
    "refusal.pool_order": (
        "the order must hold exactly the passed cards ({pool}), once each",
        "de volgorde moet precies de doorgegeven kaarten bevatten ({pool}), elk één keer",
    ),
    "refusal.card_not_left": ("the {card} is not left to deal", "de {card} is niet meer te delen"),
    "refusal.card_not_in_pack": ("the {card} is not in the pack", "de {card} zit niet in het spel"),
    "refusal.card_not_in_pool": (
        "the {card} is not among the passed cards left to deal back",
        "de {card} is geen van de doorgegeven kaarten die nog terug moeten",
    ),
    # what a phase asks for ("now is the time to ...") and whose turn it is ("... to play")
    "doing.passing": ("pass cards", "kaarten door te geven"),
    "doing.announcing": ("make announcements", "te miezen"),
    "doing.playing": ("play a card", "een kaart te spelen"),
    "doing.moon_choice": ("choose how the moon is scored", "te kiezen hoe alles halen telt"),
    "doing.chance": ("decide a chance event (see chance_outcomes)", "het lot te laten beslissen (zie chance_outcomes)"),
    "turn.playing": ("play", "te spelen"),
    "turn.announcing": ("announce", "te miezen"),
    "turn.moon_choice": ("choose", "te kiezen"),
}

#: Every entry of the catalogue, read-only.
ENTRIES: Final = MappingProxyType(_ENTRIES)
