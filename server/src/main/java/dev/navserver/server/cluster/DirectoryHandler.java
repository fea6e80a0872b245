package dev.navserver.server.cluster;

import dev.navserver.protocol.ByeReasons;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.codec.FrameTooLong;
import dev.navserver.protocol.message.Bye;
import dev.navserver.protocol.message.ClientMessage;
import dev.navserver.protocol.message.ErrorMessage;
import dev.navserver.protocol.message.Hello;
import dev.navserver.protocol.message.ProtocolError;
import dev.navserver.protocol.message.Redirect;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.timeout.IdleStateEvent;
import java.util.function.Function;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The directory's answer to each decoded line: a {@code hello} for a map another node owns gets {@code redirect}
 * then {@code bye redirect}; for a map in {@code maps.dir} that nobody owns, {@code error map_unavailable} then
 * {@code bye unavailable}; both close the connection. A {@code hello} for a map with no file gets
 * {@code error unknown_map} (the client may try another); a {@code bye} closes; anything else gets an error. Keeps
 * no state, so one instance serves every connection ({@link ChannelHandler.Sharable}).
 */
@ChannelHandler.Sharable
final class DirectoryHandler extends SimpleChannelInboundHandler<Object> {
    private static final Logger LOG = LoggerFactory.getLogger(DirectoryHandler.class);

    private final Function<String, Owner> owners;
    private final Predicate<String> known;
    private final String defaultMap;

    /**
     * @param owners     the owner of a map as etcd says now
     * @param known      whether a map has a file in {@code maps.dir}
     * @param defaultMap the map of a {@code hello} without one ({@code maps.default})
     */
    DirectoryHandler(Function<String, Owner> owners, Predicate<String> known, String defaultMap) {
        this.owners = owners;
        this.known = known;
        this.defaultMap = defaultMap;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof FrameTooLong tooLong) {
            ctx.writeAndFlush(tooLong.toError().toMessage());
        } else if (msg instanceof ProtocolError error) {
            ctx.writeAndFlush(error.toMessage());
        } else if (msg instanceof Hello hello) {
            hello(ctx, hello);
        } else if (msg instanceof Bye) {
            ctx.close();
        } else if (msg instanceof ClientMessage m) {
            ctx.writeAndFlush(new ErrorMessage(m.id(), ErrorCodes.NOT_WELCOMED, m.type()
                    + " before hello: this is a directory, it only answers hello with where the map is served"));
        }
    }

    private void hello(ChannelHandlerContext ctx, Hello hello) {
        String map = hello.map() == null ? defaultMap : hello.map();
        if (!known.test(map)) {
            ctx.writeAndFlush(new ErrorMessage(hello.id(), ErrorCodes.UNKNOWN_MAP, "map: no map named '" + map + "'"));
            return;
        }
        Owner owner = owners.apply(map);
        if (owner instanceof Owner.Remote r) {
            ctx.write(new Redirect(map, r.host(), r.port()));
            ctx.writeAndFlush(new Bye(ByeReasons.REDIRECT)).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.write(new ErrorMessage(hello.id(), ErrorCodes.MAP_UNAVAILABLE, "map: '" + map
                    + "' is not served by any node right now; retry later"));
            ctx.writeAndFlush(new Bye(ByeReasons.UNAVAILABLE)).addListener(ChannelFutureListener.CLOSE);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            ctx.writeAndFlush(new Bye(ByeReasons.IDLE)).addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.fireUserEventTriggered(evt);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug("directory connection {} failed: {}", ctx.channel().remoteAddress(), cause.toString());
        ctx.close();
    }
}
