package dev.navserver.bots;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Decides whether a host names the loopback interface, without any DNS lookup: {@code localhost}, an IPv4 literal
 * in 127.0.0.0/8 or the IPv6 literal {@code ::1} (brackets allowed). Stateless and thread-safe.
 */
public final class Loopback {
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

    private Loopback() {
    }

    /** Whether {@code host} is {@code localhost} or a loopback IP literal. Any other name is refused unresolved. */
    public static boolean isLoopback(String host) {
        return address(host) != null;
    }

    /**
     * The address to connect to for a loopback {@code host} ({@code localhost} is 127.0.0.1), or {@code null} when
     * {@code host} is not loopback.
     */
    public static InetAddress address(String host) {
        if (host == null) {
            return null;
        }
        String h = host.strip();
        if (h.toLowerCase(Locale.ROOT).equals("localhost")) {
            return InetAddress.getLoopbackAddress();
        }
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        boolean literal;
        if (h.indexOf(':') >= 0) {
            literal = h.matches("[0-9A-Fa-f:.]+");
        } else {
            var m = IPV4.matcher(h);
            literal = m.matches();
            for (int i = 1; literal && i <= 4; i++) {
                literal = Integer.parseInt(m.group(i)) <= 255;
            }
        }
        if (!literal) {
            return null;
        }
        try {
            // a literal: getByName parses it and never consults DNS
            InetAddress a = InetAddress.getByName(h);
            return a.isLoopbackAddress() ? a : null;
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
