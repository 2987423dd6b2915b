"""Every new deal comes from 128 unpredictable bits, and a big seed replays exactly as a
small one always did; nothing a hosted match sends a seat holds the seed."""
import json

from game.logic.records import SEED_BITS, new_seed
from game.logic.variants import new_game, variant_names
from game.play.launch import play_config

from test_network_host import hosted, join, mover, send
from test_shell_support import make_app

LOW = 2 ** (SEED_BITS - 16)      # a seed of 128 random bits is below this once in 65,536


def big(seeds) -> bool:
    """Whether a few seeds all look like draws of SEED_BITS bits (none small, all apart)."""
    seeds = list(seeds)
    return len(set(seeds)) == len(seeds) and all(LOW <= s < 2 ** SEED_BITS for s in seeds)


def test_new_seeds_are_128_bits_from_the_secure_source():
    assert big(new_seed() for _ in range(20))


def test_a_match_from_the_command_line_is_dealt_from_a_new_seed():
    assert big(play_config("classic", "human,greedy").seed for _ in range(5))
    assert play_config("classic", "human,greedy", seed=12).seed == 12


def test_the_setup_screen_and_a_rematch_deal_from_new_seeds(tmp_path, monkeypatch):
    import game.shell.lessons.learn as learn
    from game.shell.screens.setup import VariantSelectScene
    app = make_app(tmp_path)
    seeds = []
    started = app.start_match
    monkeypatch.setattr(app, "start_match", lambda config, *a, **k: (
        seeds.append(config.seed), started(config, *a, **k)))
    monkeypatch.setattr(learn, "offer_lessons", lambda app, config: False)
    setup = VariantSelectScene(app)
    app.push(setup)
    setup.start()
    app.top.ctl.rematch()
    assert len(seeds) == 2 and big(seeds)


def play_out(match, conns, limit: int = 5000) -> None:
    """Play the first legal move of every turn until the game is over, every person
    going on after each round's results (a line match waits for them)."""
    for _ in range(limit):
        if match.state.is_over():
            return
        if match.agreements.round_seen:
            for conn in conns:
                send(match, conn, "continue", ply=match.ply)
            continue
        send(match, mover(match, conns), "move", move=str(match.state.legal_moves()[0]),
             ply=match.ply)
    raise AssertionError(f"not over after {limit} turns")


def test_a_hosted_rematch_is_dealt_from_a_new_seed():
    match = hosted("blank")
    ann, ben = join(match, "Ann"), join(match, "Ben")
    seeds = []
    for _ in range(2):
        play_out(match, [ann, ben])
        send(match, ann, "rematch")
        send(match, ben, "rematch")
        seeds.append(match.seed)
    assert big(seeds)


def test_a_big_seed_deals_and_replays_exactly():
    seed = new_seed()
    for variant in variant_names():
        state = new_game(variant, None, seed)
        while not state.is_over() and len(state.moves_played()) < 6:
            state.apply(state.legal_moves()[0])
        record = json.loads(json.dumps(state.record()))
        again = new_game(variant, None, record["seed"])
        assert record["seed"] == seed and again.record()["seed"] == seed
        assert json.dumps(new_game(variant, None, seed).record()) == \
            json.dumps(again.record()), variant


def test_nothing_a_seat_is_sent_holds_the_seed():
    match = hosted("classic", seed=new_seed(), options={"limit": 30})
    ann, ben = join(match, "Ann"), join(match, "Ben")
    seeds = {str(match.seed)}
    play_out(match, [ann, ben])
    assert match.state.finished_rounds
    send(match, ann, "rematch")
    send(match, ben, "rematch")
    seeds.add(str(match.seed))
    sent = json.dumps(ann.messages + ben.messages)
    assert len(seeds) == 2 and not any(seed in sent for seed in seeds)
