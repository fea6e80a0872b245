package dev.navserver.server.config;

/**
 * A config file that cannot be used: unreadable, not YAML, an unknown key, a wrong type or an out-of-range value.
 * The message names the file (when known) and the key path, e.g.
 * {@code chase.navIntervalSeconds: 0.0 is out of range (0.01..60)}.
 */
public final class ConfigException extends Exception {
    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
