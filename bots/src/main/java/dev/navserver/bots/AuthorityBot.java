package dev.navserver.bots;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.Protocol;
import dev.navserver.protocol.Roles;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.Message;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.Redirect;
import dev.navserver.protocol.message.ServerMessage;
import dev.navserver.protocol.message.Welcome;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The connection of a bot that speaks as an authority (hello with {@code --authority-token}): the hello, the welcome
 * deadline and checks, undecodable lines, refusals and the end of the connection, with disconnects counted under
 * its own prefix. Subclasses handle the messages. Before its welcome it follows {@code redirect} and retries after
 * {@code map_unavailable} like a player bot ({@link BotMoves}), with the same token; once welcomed only a bot whose
 * {@link #followsMoves()} says so follows a move of its map. Runs on one event loop (every connection of the bot
 * uses the same); sharable only so that it can follow a move into its next connection's pipeline.
 */
@ChannelHandler.Sharable
abstract class AuthorityBot extends ChannelInboundHandlerAdapter {
    private final String player;
    private final String disconnectPrefix;
    final BotsSettings settings;
    final BotMap map;
    final BotStats stats;
    final RunControl run;
    final CompletableFuture<String> ready = new CompletableFuture<>();
    private final CompletableFuture<Void> closed = new CompletableFuture<>();

    Channel channel;
    boolean welcomed;
    boolean closing;
    private ScheduledFuture<?> timeout;
    private final BotMoves moves;

    /**
     * @param player           the hello's player name
     * @param disconnectPrefix prefix of the disconnect reasons it counts, e.g. {@code editor}
     */
    AuthorityBot(String player, String disconnectPrefix, BotsSettings settings, BotMap map, BotStats stats,
                 RunControl run) {
        this.player = player;
        this.disconnectPrefix = disconnectPrefix;
        this.settings = settings;
        this.map = map;
        this.stats = stats;
        this.run = run;
        this.moves = new BotMoves(new InetSocketAddress(settings.host(), settings.port()));
    }

    /** How the bot opens its next connection when it follows a move; set before the first connect. */
    void connector(BotMoves.Connector c) {
        moves.connector(c);
    }

    /**
     * Whether the bot follows a move of its map after its welcome (its session's state survives one); false: a
     * {@code redirect} then ends it as a disconnect {@code <prefix>_bye_redirect}.
     */
    boolean followsMoves() {
        return false;
    }

    /** The connection closed for a move: forget what waited for an answer from the old node. */
    void moved() {
    }

    /** Completes with null once welcomed as an authority, or with why not (never exceptionally). */
    CompletableFuture<String> ready() {
        return ready;
    }

    /** Completes when the connection has closed. */
    CompletableFuture<Void> closed() {
        return closed;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        channel = ctx.channel();
        moves.connected();
        send(new Hello(null, Protocol.VERSION, player, settings.mapName(), settings.authorityToken()));
        timeout = ctx.executor().schedule(() -> refuse("no welcome within "
                + BotSession.WELCOME_TIMEOUT_NANOS / 1_000_000_000 + " s"),
                BotSession.WELCOME_TIMEOUT_NANOS, TimeUnit.NANOSECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        FromServer in = (FromServer) msg;
        if (in instanceof ProtocolError e) {
            stats.undecodable.increment();
            stats.messageIn("undecodable:" + e.code());
            run.note(() -> player + ": undecodable line from the server: " + e.code() + " " + e.message());
            return;
        }
        ServerMessage m = (ServerMessage) in;
        stats.messageIn(m.type());
        boolean follows = !welcomed || followsMoves();
        if (m instanceof Redirect r && follows) {
            moves.redirect(r);
        } else if (m instanceof ErrorMessage e && ErrorCodes.MAP_UNAVAILABLE.equals(e.code()) && follows) {
            moves.unavailable();
        } else if (m instanceof Bye && moves.moving()) {
            ctx.close(); // the move starts when the connection is closed
        } else {
            onMessage(ctx, m);
        }
    }

    /** One decoded message from the server. */
    abstract void onMessage(ChannelHandlerContext ctx, ServerMessage m);

    /**
     * Checks a welcome: the authority role and the map the bots loaded; refuses otherwise.
     *
     * @return true when this welcome made the bot welcomed (false for a repeat or a refusal)
     */
    boolean acceptWelcome(Welcome w) {
        if (welcomed) {
            return false;
        }
        if (!Roles.AUTHORITY.equals(w.role())) {
            refuse("--authority-token was not accepted: welcome role is '" + w.role() + "', not 'authority'");
            return false;
        }
        String mismatch = BotMap.mismatch(w.map(), map.map());
        if (mismatch != null) {
            refuse(mismatch);
            return false;
        }
        welcomed = true;
        timeout.cancel(false);
        moves.welcomed();
        return true;
    }

    /** Ends the connection before its start with a reason for {@link #ready()}. */
    void refuse(String why) {
        if (ready.isDone()) {
            return;
        }
        closing = true;
        cancelTimers();
        ready.complete(why);
        channel.close();
    }

    void send(Message m) {
        stats.messageOut(m.type());
        channel.writeAndFlush(m, channel.voidPromise());
    }

    /** Cancels the subclass's own timers. */
    abstract void cancelOwnTimers();

    void cancelTimers() {
        cancelOwnTimers();
        if (timeout != null) {
            timeout.cancel(false);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        cancelTimers();
        if (moves.moving() && !closing && !run.ending()) {
            move(ctx);
            ctx.fireChannelInactive();
            return;
        }
        if (!ready.isDone()) {
            ready.complete("the server closed the connection before welcome");
        } else if (welcomed && !closing && !run.ending()) {
            stats.disconnect(disconnectPrefix + "_closed_by_server");
            run.note(() -> player + ": connection closed by the server before the end");
        }
        closing = true;
        closed.complete(null);
        ctx.fireChannelInactive();
    }

    /** Follows a move ({@link BotMoves#follow}); giving up before the welcome is a refusal, after it a disconnect. */
    private void move(ChannelHandlerContext ctx) {
        welcomed = false;
        moved();
        if (moves.redirected()) {
            stats.redirects.increment();
        }
        moves.follow(ctx.channel().eventLoop(), System.nanoTime(), () -> closing || run.ending(), (reason, why) -> {
            if (reason != null && !ready.isDone()) {
                ready.complete(why);
            } else if (reason != null) {
                stats.disconnect(disconnectPrefix + "_" + reason);
                run.note(() -> player + ": " + why);
            }
            closing = true;
            closed.complete(null);
        });
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (moves.moving()) {
            ctx.close(); // a reset after the server's bye: the move follows the close
        } else if (!ready.isDone()) {
            ready.complete("authority connection failed: " + cause);
        } else if (!closing && !run.ending()) {
            stats.disconnect(disconnectPrefix + "_io_error");
            run.note(() -> player + ": " + cause);
        }
        ctx.close();
    }
}
