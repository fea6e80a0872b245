package dev.navserver.nav.search;

import java.util.Locale;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * How the option enums ({@link Algorithm}, {@link SearchMode}) are spelled in config files and on the command line:
 * the constant's name in lower case. Stateless; thread-safe.
 */
final class Spellings {
    private Spellings() {
    }

    /** The spelling of {@code constant}: its name in lower case ({@link Locale#ROOT}). */
    static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }

    /** The one of {@code constants} spelled exactly {@code spelling} (case-sensitive), if any. */
    static <E extends Enum<E>> Optional<E> find(E[] constants, String spelling) {
        for (E e : constants) {
            if (of(e).equals(spelling)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    /** The spellings of {@code constants} in their order, joined by {@code separator}. */
    static String join(Enum<?>[] constants, String separator) {
        StringJoiner j = new StringJoiner(separator);
        for (Enum<?> e : constants) {
            j.add(of(e));
        }
        return j.toString();
    }
}
