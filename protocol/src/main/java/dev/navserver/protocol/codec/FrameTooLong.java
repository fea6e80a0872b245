package dev.navserver.protocol.codec;

import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.message.ProtocolError;

/**
 * Inbound signal from {@link LineFrameDecoder}: a line longer than the frame limit was (or is being) discarded up
 * to its newline. Emitted once per over-long line, in order with the surrounding frames; the connection stays
 * usable. Immutable.
 *
 * @param maxFrameBytes the limit the line exceeded, bytes
 */
public record FrameTooLong(int maxFrameBytes) {
    /** The {@code frame_too_long} error to answer with (no id: the line was never parsed). */
    public ProtocolError toError() {
        return new ProtocolError(ErrorCodes.FRAME_TOO_LONG,
                "line longer than " + maxFrameBytes + " bytes was discarded", null);
    }
}
