package dev.navserver.server.config;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Values given on the {@code serve} command line that replace the config file's value of a key for the whole run:
 * applied to the initial config and to every reload, so a reload neither reports the key as changed nor as waiting
 * for a restart. The Docker image uses {@code --admin-host 0.0.0.0}: inside the container the admin listener must
 * accept connections from outside the container's own loopback, while the shipped file keeps admin on loopback for
 * a bare {@code ./navserver} run. Immutable.
 *
 * @param adminHost replaces {@code admin.host}, or {@code null} to keep the file's value; same rules as the key
 *                  (not empty, no leading or trailing whitespace)
 */
public record ConfigOverrides(String adminHost) {
    /** No override: the file's values are used as they are. */
    public static final ConfigOverrides NONE = new ConfigOverrides(null);

    /** @throws IllegalArgumentException naming {@code --admin-host} when {@code adminHost} is given but invalid */
    public ConfigOverrides {
        if (adminHost != null) {
            Checks.notBlank("--admin-host", adminHost);
        }
    }

    /** {@code config} with the overridden keys replaced; {@code config} itself when there is no override. */
    public NavServerConfig apply(NavServerConfig config) {
        if (adminHost == null) {
            return config;
        }
        NavServerConfig.Admin a = config.admin();
        return new NavServerConfig(config.configVersion(), config.server(),
                new NavServerConfig.Admin(adminHost, a.port(), a.token()), config.tick(), config.chase(),
                config.monsters(), config.aoi(), config.crowd(), config.search(), config.maps(),
                config.cluster());
    }

    /** The overridden key paths (as written in the YAML file) with their command-line values, in file order. */
    public Map<String, Object> describe() {
        Map<String, Object> m = new LinkedHashMap<>();
        if (adminHost != null) {
            m.put("admin.host", adminHost);
        }
        return m;
    }
}
