package dev.navserver.protocol.message;

import java.util.Objects;

/**
 * A line that could not be decoded into a message: the expected outcome for hostile or broken input, never thrown.
 * Immutable.
 *
 * @param code    one of {@link dev.navserver.protocol.ErrorCodes}
 * @param message human-readable reason naming the offending field where there is one
 * @param id      the request id when it could be read before the problem was found, else {@code null}
 */
public record ProtocolError(String code, String message, RequestId id) implements FromClient, FromServer {
    public ProtocolError {
        Objects.requireNonNull(code, "code");
        Objects.requireNonNull(message, "message");
    }

    /** The {@code error} message that answers this error, echoing its id. */
    public ErrorMessage toMessage() {
        return new ErrorMessage(id, code, message);
    }
}
