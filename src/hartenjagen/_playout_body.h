/* The playout kernel's body, included twice by _playout.c: once with one machine word a mask
 * (one pack: MASK is uint64_t) and once with two (two packs: unsigned __int128). Every step is
 * the Python kernel's (hartenjagen/core/rollout.py `_play_out_hand`, `_random_stage`,
 * `_greedy_bit`; hands.py `finish_hand`), in the same order and with the same draws, so that
 * from the same generator state both play the same cards. */

#define M_LOW(m) ((m) & (~(m) + 1))

static inline MASK M_(load)(const uint64_t w[2]) { return (MASK)w[0] | ((MASK)w[1] << 32 << 32); }

/* The cards of `cards` of the lowest rank among them, in any suit (`Table._lowest_rank`). */
static MASK M_(lowest_rank)(MASK cards) {
    int lowest = 13;
    MASK m = cards;
    while (m) {
        int rank = (M_CTZ(m) % 52) % 13;
        if (rank < lowest) lowest = rank;
        m &= m - 1;
    }
    MASK out = 0;
    m = cards;
    while (m) {
        int p = M_CTZ(m);
        if ((p % 52) % 13 == lowest) out |= (MASK)1 << p;
        m &= m - 1;
    }
    return out;
}

/* The cards of `candidates` of the lowest card value (kernel.py `_lowest_value`). */
static MASK M_(lowest_value)(MASK candidates, const plan_t *plan) {
    int64_t lowest = INT64_MAX;
    MASK m = candidates;
    while (m) {
        int64_t v = plan->values[M_CTZ(m) % 52];
        if (v < lowest) lowest = v;
        m &= m - 1;
    }
    MASK out = 0;
    m = candidates;
    while (m) {
        int p = M_CTZ(m);
        if (plan->values[p % 52] == lowest) out |= (MASK)1 << p;
        m &= m - 1;
    }
    return out;
}

/* `Table.opening_mask`: the cards the first leader may lead (empty: none of them). */
static MASK M_(opening)(MASK hand, const plan_t *plan) {
    if (plan->opening_kind == OPENING_MASK) return hand & M_(load)(plan->opening_lead);
    if (plan->opening_kind == OPENING_LOWEST_NON_HEART) {
        MASK others = hand & ~M_(load)(plan->suit[2]);
        return M_(lowest_rank)(others ? others : hand);
    }
    MASK allowed = 0;
    allowed |= M_(lowest_rank)(hand & M_(load)(plan->suit[0]));
    allowed |= M_(lowest_rank)(hand & M_(load)(plan->suit[1]));
    allowed |= M_(lowest_rank)(hand & M_(load)(plan->suit[3]));
    return allowed ? allowed : M_(lowest_rank)(hand);
}

/* kernel.py `planned_lead`: the cards a leader may lead after the first trick (empty: all). */
static MASK M_(lead)(MASK hand, const game_state *g, const plan_t *plan) {
    int open;
    switch (plan->lead_opens) {
    case LEAD_ALWAYS: return hand;
    case LEAD_BROKEN: open = g->broken; break;
    case LEAD_AFTER_TRICKS: open = g->tricks >= plan->lead_tricks; break;
    default: {
        int c = g->led_counts[0], d = g->led_counts[1], s = g->led_counts[3];
        int twice = (c >= 2) + (d >= 2) + (s >= 2);
        open = (c > 0 && d > 0 && s > 0) || twice >= 2;
    }
    }
    if (open) return hand;
    MASK others = hand & M_(load)(plan->lead_free);
    if (plan->hearts_or_queen && others && !(others & M_(load)(plan->not_queen))) return hand;
    return others;
}

/* kernel.py `first_trick` for a planned first-trick rule. */
static MASK M_(first_trick)(MASK candidates, const plan_t *plan) {
    if (plan->first_kind == FIRST_ANYTHING) return candidates;
    MASK free_cards = candidates & ~M_(load)(plan->first_mask);
    if (free_cards || plan->first_kind == FIRST_RESTRICT) return free_cards ? free_cards : candidates;
    return M_(lowest_value)(candidates, plan);
}

static inline MASK M_(fold)(MASK m) {
    if (!M_TWO) return m;
    return (m & (MASK)ONE_PACK) | (m >> 52);
}

/* rollout.py `_greedy_bit`: quick card sense; one play in ten at random. */
KERNEL_FN static MASK M_(greedy)(MASK mask, game_state *g, const plan_t *plan, int64_t sign) {
    if (!(mask & (mask - 1))) return mask;
    if (xo_below(&g->rng, 10) == 0) {
        MASK m = mask;
        uint32_t k = xo_below(&g->rng, (uint64_t)M_POPCOUNT(mask));
        while (k--) m &= m - 1;
        return M_LOW(m);
    }
    int count = g->count, n = plan->players;
    MASK led_suit = g->led >= 0 ? M_(load)(plan->suit[g->led]) : 0;
    int follow = count > 0 && (mask & led_suit) != 0;
    int top = -1;
    MASK below = 0;
    if (follow) {
        MASK rest = g->trick & led_suit;
        while (rest) {
            int rank = M_CTZ(rest) % 13;
            if (rank > top) top = rank;
            rest &= rest - 1;
        }
        rest = mask;
        while (rest) {
            int p = M_CTZ(rest);
            if (p % 13 < top) below |= (MASK)1 << p;
            rest &= rest - 1;
        }
    }
    MASK pool;
    int kind;
    if (count == 0) pool = mask, kind = -1;
    else if (follow && below) pool = below, kind = 1;
    else if (follow && count == n - 1) pool = mask, kind = 2;
    else if (follow) pool = mask, kind = -2;
    else pool = mask, kind = 1;
    MASK best = 0;
    int64_t best_key = 0;
    MASK rest = pool;
    while (rest) {
        int p = M_CTZ(rest);
        int64_t rank = p % 13;
        int64_t value = sign * plan->values[p % 52];
        int64_t key;
        if (kind == -1) key = -((value > 0 ? 16 : 0) + rank);
        else if (kind == 1) key = value * 16 + rank;
        else if (kind == 2) key = -value * 16 + rank;
        else key = -(value * 16 + rank);
        if (best == 0 || key > best_key) best = (MASK)1 << p, best_key = key;
        rest &= rest - 1;
    }
    return best;
}

/* One seat's raw points for the physical cards `mask` (`Table.points`). */
static int64_t M_(points)(MASK mask, const plan_t *plan) {
    int64_t total = 0;
    for (int i = 0; i < plan->groups; i++) total += plan->group_value[i] * M_POPCOUNT(mask & M_(load)(plan->group_mask[i]));
    return total;
}

#include "_playout_body_hooks.h"

/* The hand's points once its last trick is in (hands.py `score_hand`, `finish_hand`, a planned moon). */
KERNEL_FN static void M_(score)(game_state *g, const plan_t *plan, const MASK *hands, const MASK *taken,
                                int64_t *out) {
    int n = plan->players;
    int64_t raw[MAX_SEATS];
    if (!plan->scoring_hook) {
        for (int s = 0; s < n; s++) raw[s] = M_(points)(taken[s], plan);
    } else {
        for (int s = 0; s < n; s++)
            if (M_(seat_points)(g, plan, taken[s], &raw[s])) return;
    }
    int shooter = -1;
    MASK needed = M_(load)(plan->moon_needed);
    if (needed) {
        for (int s = 0; s < n; s++) {
            if ((taken[s] & needed) == needed) { shooter = s; break; }
        }
    }
    for (int s = 0; s < n; s++) out[s] = raw[s];
    if (plan->moon_hook) { /* a moon of one's own, asked when `shooter` took every declared card */
        int64_t settled[MAX_SEATS];
        int named;
        if (M_(moon_hook)(g, plan, hands, taken, raw, shooter, &named, settled) < 0 || named < 0) return;
        for (int s = 0; s < n; s++) out[s] = settled[s];
        return;
    }
    if (shooter < 0) return;
    int option = plan->moon_options[0];
    if (plan->moon_option_count > 1) {
        uint32_t chosen = xo_below(&g->rng, (uint64_t)plan->moon_option_count);
        option = plan->moon_options[chosen];
        if (g->trace) trace_add(g, TRACE_MOON, (int64_t)chosen);
    }
    int64_t own;
    if (M_(seat_points)(g, plan, taken[shooter] & ~needed, &own)) return;
    int64_t amount = plan->moon_amount;
    switch (option) {
    case MOON_OTHERS_PLUS:
        for (int s = 0; s < n; s++) out[s] = raw[s] + amount;
        out[shooter] = own;
        break;
    case MOON_SELF_MINUS: out[shooter] = own - amount; break;
    case MOON_RESET: out[shooter] = -g->scores[shooter]; break;
    default: /* DOUBLE */
        for (int s = 0; s < n; s++) out[s] = raw[s] + g->scores[s];
        out[shooter] = own;
    }
}

/* rollout.py `_play_out_hand` from the position in `g`, then the score: each seat's points in `out`. */
static inline __attribute__((always_inline)) void M_(play_body)(game_state *g, const plan_t *plan, MASK *hands,
                                                                 MASK played, MASK trick, MASK carry, MASK *taken,
                                                                 const int greedy, int64_t sign, int64_t *out,
                                                                 const int tracing, const int hooked) {
    const int n = plan->players;
    const int hand_size = plan->hand_size;
    int order[MAX_SEATS]; /* the physical card played at each position of the trick */
    int count = g->count, leader = g->leader;
    /* The hot fields in locals (registers), written back where a callee reads them from `g`. */
    int led = g->led, tricks = g->tricks, broken = g->broken;
    xo_state rng = g->rng;
    for (int i = 0; i < count; i++) {
        int seat = (leader + i) % n;
        order[i] = M_CTZ(trick & hands[seat]);
    }
    MASK suits[4];
    for (int s = 0; s < 4; s++) suits[s] = M_(load)(plan->suit[s]);
    int top = -1, position = -1, tracked = count == 0;
    const uint64_t break_played = plan->break_played, break_discarded = plan->break_discarded;
    for (;;) {
        int seat = leader + count;
        if (seat >= n) seat -= n;
        MASK cards = hands[seat] & ~played;
        MASK mask;
#define ASK(slot, fallback, allowed) \
    M_(ask)(g, plan, slot, fallback, hands, seat, cards, allowed, trick, count, leader, led, tricks, broken, order)
        if (count) {
            mask = cards & suits[led];
            if (!mask) mask = cards;
        } else if (tricks == 0) {
            if (hooked && plan->opening_hook) {
                mask = ASK(HOOK_OPENING, 1, cards);
            } else {
                mask = M_(opening)(cards, plan);
                if (!mask) mask = cards;
            }
        } else if (hooked && plan->lead_opens == LEAD_CALLBACK) {
            mask = ASK(HOOK_LEADING, 1, cards);
        } else {
            g->broken = broken, g->tricks = tricks;
            mask = M_(lead)(cards, g, plan);
            if (!mask) mask = cards;
        }
        if (tricks == 0) {
            if (hooked && plan->first_kind == FIRST_CALLBACK) {
                if (mask) mask = ASK(HOOK_FIRST_TRICK, 1, mask);
            } else {
                mask = M_(first_trick)(mask, plan);
            }
        }
        if (hooked) {
            for (int i = 0; mask && i < plan->extras; i++) mask = ASK(HOOK_EXTRAS + i, 0, mask);
            if (!mask) return; /* a hook raised: the error is set, the caller stops */
        }
#undef ASK
        MASK bit;
        int physical, index;
        if (!greedy) {
            MASK choices = M_(fold)(mask);
            uint32_t k = xo_below(&rng, (uint64_t)M_POPCOUNT(choices));
            index = M_SELECT(choices, k);
            if (M_TWO) {
                MASK bits = mask & M_COPIES(index);
                bit = M_LOW(bits);
                physical = M_CTZ(bit);
            } else {
                bit = (MASK)1 << index, physical = index; /* one pack: the card is its only copy */
            }
        } else {
            g->count = count, g->trick = trick, g->led = led, g->rng = rng;
            bit = M_(greedy)(mask, g, plan, sign);
            rng = g->rng;
            physical = M_CTZ(bit);
            index = physical >= 52 ? physical - 52 : physical;
        }
        int suit = index / 13;
        if (tracing) trace_add(g, TRACE_PLAY, (int64_t)(seat << 8 | index));
        if (count == 0) led = suit;
        if (!broken && (tricks > 0 || plan->break_on_first)) {
            if (hooked && plan->break_callback) {
                broken = M_(breaks_hook)(g, physical, index, count > 0 && suit != led, tricks);
                if (broken < 0) return;
            } else {
                uint64_t breaking = (count > 0 && suit != led) ? break_discarded : break_played;
                broken = (int)(breaking >> index & 1);
            }
        }
        order[count] = physical;
        /* The winner so far: the led suit's highest card, the first played of two identical ones. */
        if (count == 0) top = index, position = 0;
        else if (suit == led && index > top) top = index, position = count;
        played |= bit;
        trick |= bit;
        count++;
        if (hooked && count == n - 1 && tracked && position >= 0 && plan->extras && plan->lead_opens != LEAD_CALLBACK &&
            tricks + 1 < hand_size) {
            /* The next lead's lookup, started before the trick's last card: the seat winning it so far
             * will most often lead next, and its cards are known (a leader's allowed cards are the
             * ones of a first house rule's tree keys that repeat least, and so the ones not cached). */
            int next = leader + position >= n ? leader + position - n : leader + position;
            MASK rest = hands[next] & ~played;
            g->broken = broken, g->tricks = tricks + 1;
            MASK lead = M_(lead)(rest, g, plan);
            g->tricks = tricks;
            uint64_t w[2];
            M_(words)(lead ? lead : rest, w);
            tree_prefetch(&g->hooks->trees[HOOK_EXTRAS], w);
        }
        if (count < n) continue;
        /* The trick is full: its winner (duplicates plan: the first of two identical top cards, or
         * none when every card of the led suit is paired and cancels). */
        if (!plan->cancel_pairs) {
            if (!tracked) { /* the trick began before this playout */
                top = -1;
                for (int i = 0; i < n; i++) {
                    int p = order[i] >= 52 ? order[i] - 52 : order[i];
                    if (p / 13 == led && p > top) top = p, position = i;
                }
            }
        } else {
            position = -1;
            int seen[52] = {0};
            for (int i = 0; i < n; i++) {
                int p = order[i] >= 52 ? order[i] - 52 : order[i];
                if (p / 13 == led) seen[p]++;
            }
            int best = -1;
            for (int p = 13 * led; p < 13 * led + 13; p++) if (seen[p] == 1) best = p;
            for (int i = 0; best >= 0 && i < n; i++) {
                int p = order[i] >= 52 ? order[i] - 52 : order[i];
                if (p == best) { position = i; break; }
            }
        }
        int last = tricks + 1 == hand_size;
        g->led_counts[led]++;
        if (hooked) { /* the log a hook's context may read (state.py `log_entry`'s fields) */
            g->log_mask[tricks] = trick, g->log_leader[tricks] = (signed char)leader;
            if (position < 0) {
                g->log_winner[tricks] = -1, g->log_taker[tricks] = (signed char)(last ? leader : -1);
            } else {
                int taker = leader + position >= n ? leader + position - n : leader + position;
                g->log_winner[tricks] = g->log_taker[tricks] = (signed char)taker;
                g->won[taker]++;
            }
        }
        int winner;
        if (position < 0) {
            if (!last) {
                tricks++;
                carry |= trick;
                trick = 0, count = 0, led = -1, tracked = 1;
                continue;
            }
            winner = leader;
        } else {
            winner = leader + position;
            if (winner >= n) winner -= n;
        }
        tricks++;
        taken[winner] |= trick | carry;
        carry = 0;
        if (last) {
            g->rng = rng;
            M_(score)(g, plan, hands, taken, out);
            return;
        }
        leader = winner, trick = 0, count = 0, led = -1, tracked = 1;
    }
}

/* The loop above, built three times: for random playouts without a trace or hooks (the usual call:
 * greedy, tracing and hooks known to be off, so their code and registers leave the loop), for those
 * with hooks, and for everything else. */
KERNEL_FN static void M_(play)(game_state *g, const plan_t *plan, MASK *hands, MASK played, MASK trick, MASK carry,
                               MASK *taken, int greedy, int64_t sign, int64_t *out) {
    if (!greedy && !g->trace && !g->hooks) M_(play_body)(g, plan, hands, played, trick, carry, taken, 0, sign, out, 0, 0);
    else if (!greedy && !g->trace) M_(play_body)(g, plan, hands, played, trick, carry, taken, 0, sign, out, 0, 1);
    else
        M_(play_body)(g, plan, hands, played, trick, carry, taken, greedy, sign, out, g->trace != NULL,
                      g->hooks != NULL);
}

/* The different k-card choices of `hand`: k-subsets of one pack, or (two packs) multisets in which a
 * card held twice may be chosen twice (passes.py `PassMoves`). */
static uint64_t M_(pass_choices)(MASK hand, int k) {
    if (!M_TWO) return choose(M_POPCOUNT(hand), k);
    uint64_t ones = (uint64_t)(hand & (MASK)ONE_PACK), twos = (uint64_t)(hand >> 52);
    int doubles = pop64(ones & twos);
    return multiset_choices(pop64(ones | twos) - doubles, doubles, k);
}

/* The index-th choice of `count` cards of `hand`, as physical cards: passes.py `unrank_bits` (one
 * pack), or `_unrank_multiset` with the lowest free copy of each card named (kernel.py `_checked_pass`). */
static MASK M_(unrank)(MASK hand, int count, uint64_t index) {
    MASK chosen = 0;
    if (!M_TWO) {
        MASK mask = hand;
        int after = M_POPCOUNT(mask), taken_count = 0;
        while (taken_count < count) {
            MASK low = M_LOW(mask);
            mask ^= low;
            after--;
            uint64_t with_this = choose(after, count - taken_count - 1);
            if (index < with_this) chosen |= low, taken_count++;
            else index -= with_this;
        }
        return chosen;
    }
    uint64_t ones = (uint64_t)(hand & (MASK)ONE_PACK), twos = (uint64_t)(hand >> 52);
    uint64_t held = ones | twos, doubles = ones & twos;
    int doubles_left = pop64(doubles), singles_left = pop64(held) - doubles_left;
    int out = 0, used = 0;
    while (out < count) {
        uint64_t low = held & (~held + 1);
        int twice = (doubles & low) != 0;
        int singles_after = singles_left - 1 + twice, doubles_after = doubles_left - twice;
        int rest = count - out - 1;
        uint64_t taking = 0;
        int most = twice - used < rest ? twice - used : rest;
        for (int more = 0; more <= most; more++) taking += multiset_choices(singles_after, doubles_after, rest - more);
        if (index < taking) {
            int card = __builtin_ctzll(low);
            MASK free_copies = hand & M_COPIES(card) & ~chosen;
            chosen |= M_LOW(free_copies);
            out++, used++;
        } else {
            index -= taking;
            held ^= low;
            singles_left = singles_after, doubles_left = doubles_after, used = 0;
        }
    }
    return chosen;
}

/* rollout.py `_random_stage` (one pack) and `_random_pass` (two), stage after stage: each draw
 * picks one pass among every pending seat's, in `legal_moves`' order. */
KERNEL_FN static void M_(exchange)(game_state *g, const plan_t *plan, const route_t *route, int stage, MASK *hands,
                         MASK *given, uint32_t pending) {
    const int n = plan->players;
    for (; stage < route->stages; stage++) {
        int count = route->counts[stage];
        int seats[MAX_SEATS];
        uint64_t sizes[MAX_SEATS];
        int left = 0;
        uint64_t total = 0;
        for (int s = 0; s < n; s++) {
            if (pending >> s & 1) {
                seats[left] = s;
                sizes[left] = M_(pass_choices)(hands[s], count);
                total += sizes[left];
                left++;
            }
        }
        while (left) {
            uint64_t index = xo_below(&g->rng, total);
            int i = 0;
            while (index >= sizes[i]) index -= sizes[i++];
            int seat = seats[i];
            MASK chosen = M_(unrank)(hands[seat], count, index);
            if (g->trace) {
                for (MASK rest = chosen; rest; rest &= rest - 1)
                    trace_add(g, TRACE_PASS, (int64_t)(seat << 8 | M_CTZ(rest)));
            }
            hands[seat] &= ~chosen;
            given[seat] = chosen;
            total -= sizes[i];
            for (int j = i; j + 1 < left; j++) seats[j] = seats[j + 1], sizes[j] = sizes[j + 1];
            left--;
        }
        int offset = route->offsets[stage];
        MASK received[MAX_SEATS];
        for (int s = 0; s < n; s++) received[s] = given[(s - offset + n) % n];
        for (int s = 0; s < n; s++) hands[s] |= received[s], given[s] = 0;
        pending = (1u << n) - 1;
    }
}

/* `Table.first_leader`: the holder of a leader card nearest clockwise from eldest, else eldest. */
static int M_(first_leader)(const MASK *hands, int dealer, const plan_t *plan) {
    int n = plan->players;
    int seat = dealer + 1 < n ? dealer + 1 : 0;
    MASK holders = M_(load)(plan->opening_holders);
    if (!holders) return seat;
    for (int i = 0; i < n; i++) {
        if (hands[seat] & holders) return seat;
        seat = seat + 1 < n ? seat + 1 : 0;
    }
    return seat;
}

/* A fresh deal from the stream (hands.py `shuffle_deal` with `Draws.shuffle_cards`; dealer 0). */
KERNEL_FN static void M_(deal)(game_state *g, const plan_t *plan, MASK *hands) {
    int cards[MAX_PACK];
    int total = plan->pack_size, n = plan->players;
    for (int i = 0; i < total; i++) cards[i] = plan->pack[i];
    int i = total - 1;
    xo_state *r = &g->rng;
    for (int gi = 0; gi < plan->shuffle_group_count; gi++) {
        int last = plan->shuffle_last[gi];
        uint64_t limit = plan->shuffle_limit[gi];
        uint64_t word;
        do word = xo_word(r); while (word >= limit);
        while (i > last) {
            uint64_t size = (uint64_t)i + 1;
            uint64_t quotient = divide_small(word, size);
            int k = (int)(word - quotient * size);
            word = quotient;
            int swap = cards[i];
            cards[i] = cards[k];
            cards[k] = swap;
            i--;
        }
    }
    MASK first[MAX_SEATS], second[MAX_SEATS];
    for (int s = 0; s < n; s++) first[s] = second[s] = 0;
    int seat = 0;
    for (int c = 0; c < total; c++) {
        seat++;
        if (seat == n) seat = 0;
        if (cards[c] < 52) first[seat] |= (MASK)1 << cards[c];
        else second[seat] |= (MASK)1 << (cards[c] - 52);
    }
    if (!M_TWO) {
        for (int s = 0; s < n; s++) hands[s] = first[s];
        return;
    }
    /* hands.py `_assign_halves`: each seat in turn takes the lowest copy still free. */
    MASK dealt_low = 0;
    for (int s = 0; s < n; s++) {
        MASK both = first[s] & second[s], once = first[s] ^ second[s];
        MASK low = both | (once & ~dealt_low), high = both | (once & dealt_low);
        dealt_low |= low;
        hands[s] = low | (high << 52);
    }
}

#undef M_LOW
