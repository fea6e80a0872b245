package dev.navserver.bots;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.MonsterCommand;
import dev.navserver.protocol.message.RequestId;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The world authority bot's unanswered requests and the judging of their answers: each request has a planned
 * answer (success, or the error code of a deliberately bad request); an error a race explains counts as raced;
 * anything else counts in the run's {@code errors} with a note. Not thread-safe: confined to the bot's event loop.
 */
final class AnswerLedger {
    /** How an answer was judged. */
    enum Verdict { OK, REFUSED_AS_PLANNED, RACED, UNEXPECTED }

    private record Expectation(String expected, MonsterCommand command) {
    }

    private final String who;
    private final BotStats stats;
    private final WorldStats world;
    private final RunControl run;
    private final Predicate<String> inView;
    private final Supplier<GridMap> newest;
    private final Map<String, Expectation> pending = new HashMap<>();

    /**
     * @param inView whether a monster is in the bot's view now
     * @param newest the newest known map version's grid, or null
     */
    AnswerLedger(String who, BotStats stats, WorldStats world, RunControl run, Predicate<String> inView,
                 Supplier<GridMap> newest) {
        this.who = who;
        this.stats = stats;
        this.world = world;
        this.run = run;
        this.inView = inView;
        this.newest = newest;
    }

    /**
     * Records a request sent.
     *
     * @param expected the planned error code, or null for success
     * @param command  the command, or null for another request (spawn, route)
     */
    void sent(String id, String expected, MonsterCommand command) {
        pending.put(id, new Expectation(expected == null ? "" : expected, command));
    }

    /** Unanswered requests. */
    int pending() {
        return pending.size();
    }

    /** Unanswered commands. */
    int pendingCommands() {
        return (int) pending.values().stream().filter(x -> x.command() != null).count();
    }

    /**
     * Judges an answer and counts it.
     *
     * @param code    the error code, or null for success ({@code command_ok}, {@code spawned}, {@code route_ok})
     * @param message the error's message, or null
     */
    Verdict answered(RequestId rid, String code, String message) {
        Expectation x = rid == null ? null : pending.remove(rid.text());
        if (x == null) {
            stats.error(code == null ? "unexpected_answer" : code);
            run.note(() -> who + ": answer to no request of ours: " + code + " " + message);
            return Verdict.UNEXPECTED;
        }
        boolean isCommand = x.command() != null;
        if (code == null && x.expected().isEmpty()) {
            if (isCommand) {
                world.commandsOk.increment();
            }
            return Verdict.OK;
        }
        if (code != null && code.equals(x.expected())) {
            world.commandsRefusedAsPlanned.increment();
            return Verdict.REFUSED_AS_PLANNED;
        }
        if (code != null && isCommand && raced(x.command(), code)) {
            world.commandsRaced.increment();
            return Verdict.RACED;
        }
        if (isCommand) {
            world.commandsUnexpected.increment();
        }
        stats.error(code == null ? "unexpected_ok" : code);
        run.note(() -> who + ": " + (isCommand ? x.command() : "request " + rid.text()) + " answered "
                + (code == null ? "ok" : code + ": " + message) + ", planned "
                + (x.expected().isEmpty() ? "ok" : x.expected()));
        return Verdict.UNEXPECTED;
    }

    /** Whether a refusal of a good command is explained by what happened since it was sent. */
    private boolean raced(MonsterCommand c, String code) {
        GridMap g = newest.get();
        return switch (code) {
            case ErrorCodes.UNKNOWN_MONSTER -> !inView.test(c.monster());
            case ErrorCodes.UNKNOWN_TARGET -> c.target() != null && !run.playerConnected(c.target());
            case ErrorCodes.BLOCKED -> c.pos() != null && g != null
                    && !g.navGrid().openCell(g.cellAt(c.pos().x(), c.pos().z()));
            default -> false;
        };
    }
}
