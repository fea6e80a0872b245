package dev.navserver.protocol.message;

/**
 * What one line from a client decodes to: a {@link ClientMessage}, or a {@link ProtocolError} to answer with an
 * {@code error} message. Test with {@code instanceof}.
 */
public sealed interface FromClient permits ClientMessage, ProtocolError {
}
