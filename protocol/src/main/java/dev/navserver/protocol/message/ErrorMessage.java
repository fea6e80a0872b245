package dev.navserver.protocol.message;

/**
 * Server → client {@code error}.
 *
 * @param id      the id of the request that failed, or {@code null} when it had none or could not be read
 * @param code    one of {@link dev.navserver.protocol.ErrorCodes}
 * @param message human-readable detail, or {@code null}
 */
public record ErrorMessage(RequestId id, String code, String message) implements ServerMessage {
    public static final String TYPE = "error";

    public ErrorMessage {
        Require.nonNull(code, "code");
    }

    @Override
    public String type() {
        return TYPE;
    }
}
