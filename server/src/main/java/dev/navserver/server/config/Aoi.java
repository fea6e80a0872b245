package dev.navserver.server.config;

/**
 * Interest management ({@code aoi.*}): which monsters a player's session hears about.
 *
 * @param radiusMeters     a monster enters a player's view within this XZ distance of the player, m; 1..100000
 * @param hysteresisMeters and leaves it beyond {@code radiusMeters + hysteresisMeters}, m; 0..1000
 */
public record Aoi(double radiusMeters, double hysteresisMeters) {
    public static final Aoi DEFAULT = new Aoi(40, 5);

    public Aoi {
        Checks.range("aoi.radiusMeters", radiusMeters, 1, 100_000);
        Checks.range("aoi.hysteresisMeters", hysteresisMeters, 0, 1000);
    }
}
