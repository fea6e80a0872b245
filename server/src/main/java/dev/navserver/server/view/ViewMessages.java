package dev.navserver.server.view;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * The {@code full} and {@code delta} messages of docs/viewer.md as UTF-8 JSON in a new buffer the caller owns.
 * What a viewer socket sends, exposed for benchmarks. Stateless; thread-safe (the frames are immutable).
 */
public final class ViewMessages {
    private ViewMessages() {
    }

    /** A {@code full} of {@code frame}. */
    public static ByteBuf full(ByteBufAllocator alloc, ViewFrame frame) {
        return ViewJson.write(alloc, g -> ViewJson.full(g, frame));
    }

    /** A {@code delta} from {@code prev} (the last frame sent) to {@code cur}, of the same map and version. */
    public static ByteBuf delta(ByteBufAllocator alloc, ViewFrame prev, ViewFrame cur) {
        ViewDelta d = ViewDelta.between(prev, cur);
        return ViewJson.write(alloc, g -> ViewJson.delta(g, cur, d));
    }
}
