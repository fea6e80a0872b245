package dev.navserver.protocol.codec;

import io.netty.channel.ChannelPipeline;

/**
 * Names and order of the protocol's pipeline stages. Inbound: {@value #FRAME_DECODER} (bytes → line frames or
 * {@link FrameTooLong}) → {@value #MESSAGE_DECODER} (line → message or error value); outbound:
 * {@value #MESSAGE_ENCODER} (message → JSON line). Add the application handler after these.
 */
public final class ProtocolPipeline {
    public static final String FRAME_DECODER = "lineFrameDecoder";
    public static final String MESSAGE_DECODER = "messageDecoder";
    public static final String MESSAGE_ENCODER = "messageEncoder";

    private ProtocolPipeline() {
    }

    /**
     * Appends the server-side codec: inbound lines decode to {@link dev.navserver.protocol.message.FromClient}.
     *
     * @param maxFrameBytes longest accepted line, bytes, excluding its terminator
     */
    public static void addServerCodec(ChannelPipeline pipeline, int maxFrameBytes) {
        // A new LineFrameDecoder per channel: it holds that channel's partial line.
        pipeline.addLast(FRAME_DECODER, new LineFrameDecoder(maxFrameBytes));
        pipeline.addLast(MESSAGE_DECODER, MessageDecoder.FROM_CLIENT);
        pipeline.addLast(MESSAGE_ENCODER, MessageEncoder.INSTANCE);
    }

    /**
     * Appends the client-side (bot) codec: inbound lines decode to {@link dev.navserver.protocol.message.FromServer}.
     *
     * @param maxFrameBytes longest accepted line, bytes, excluding its terminator
     */
    public static void addClientCodec(ChannelPipeline pipeline, int maxFrameBytes) {
        // A new LineFrameDecoder per channel: it holds that channel's partial line.
        pipeline.addLast(FRAME_DECODER, new LineFrameDecoder(maxFrameBytes));
        pipeline.addLast(MESSAGE_DECODER, MessageDecoder.FROM_SERVER);
        pipeline.addLast(MESSAGE_ENCODER, MessageEncoder.INSTANCE);
    }
}
