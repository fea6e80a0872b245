package dev.navserver.protocol.message;

/**
 * What one line from the server decodes to: a {@link ServerMessage} (an {@code error} from the server is an
 * {@link ErrorMessage}), or a {@link ProtocolError} when the line itself could not be decoded.
 */
public sealed interface FromServer permits ServerMessage, ProtocolError {
}
