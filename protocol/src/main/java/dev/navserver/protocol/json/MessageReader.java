package dev.navserver.protocol.json;

import dev.navserver.protocol.message.FromClient;
import dev.navserver.protocol.message.FromServer;
import dev.navserver.protocol.message.ProtocolError;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Function;

/**
 * Decodes one line (without its terminator) into a message of one direction or a {@link ProtocolError}; never
 * throws on any input. Checks, in order: UTF-8 ({@code bad_json}), JSON syntax, nesting depth and a single value
 * per line ({@code bad_json}), object with a string {@code type} ({@code bad_message}), known type of this
 * direction ({@code unknown_type}), {@code id} a string or number and every field of the type ({@code bad_field}).
 * Unknown fields are ignored. The per-type fields live in {@link ClientFieldDecoders} and
 * {@link ServerFieldDecoders}. Stateless and thread-safe: use the shared {@link #FROM_CLIENT} and
 * {@link #FROM_SERVER}.
 *
 * @param <T> what a line decodes to: {@link FromClient} or {@link FromServer}
 */
public final class MessageReader<T> {
    /** Server side: lines from a client decode to a {@link dev.navserver.protocol.message.ClientMessage}. */
    public static final MessageReader<FromClient> FROM_CLIENT =
            new MessageReader<>(ClientFieldDecoders.BY_TYPE, error -> error);
    /** Bots and tests: lines from the server decode to a {@link dev.navserver.protocol.message.ServerMessage}. */
    public static final MessageReader<FromServer> FROM_SERVER =
            new MessageReader<>(ServerFieldDecoders.BY_TYPE, error -> error);

    private final Map<String, FieldDecoder<? extends T>> decoders;
    private final Function<ProtocolError, T> asResult;

    private MessageReader(Map<String, FieldDecoder<? extends T>> decoders, Function<ProtocolError, T> asResult) {
        this.decoders = decoders;
        this.asResult = asResult;
    }

    /** Decodes {@code length} bytes of {@code bytes} from {@code offset}. */
    public T read(byte[] bytes, int offset, int length) {
        LineParser.Parsed parsed = LineParser.parse(bytes, offset, length);
        if (parsed.error() != null) {
            return asResult.apply(parsed.error());
        }
        FieldDecoder<? extends T> decoder = decoders.get(parsed.type());
        if (decoder == null) {
            return asResult.apply(LineParser.unknownType(parsed));
        }
        Fields f = new Fields(parsed.fields(), parsed.id());
        T message = decoder.decode(f, parsed.id());
        if (f.failed()) {
            return asResult.apply(f.error());
        }
        if (message == null) {
            throw new IllegalStateException("decoder of \"" + parsed.type() + "\" returned null without an error");
        }
        return message;
    }

    /** Decodes {@code bytes}. */
    public T read(byte[] bytes) {
        return read(bytes, 0, bytes.length);
    }

    /** Decodes the readable bytes of {@code line}; its indices and reference count are left unchanged. */
    public T read(ByteBuf line) {
        if (line.hasArray()) {
            return read(line.array(), line.arrayOffset() + line.readerIndex(), line.readableBytes());
        }
        return read(ByteBufUtil.getBytes(line));
    }

    /** Decodes a line given as text. */
    public T read(String line) {
        return read(line.getBytes(StandardCharsets.UTF_8));
    }
}
