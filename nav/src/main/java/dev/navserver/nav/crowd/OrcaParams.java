package dev.navserver.nav.crowd;

/**
 * Tuning of {@link OrcaSolver}. Immutable.
 *
 * @param neighbourDistanceMeters  other agents farther than this (centre to centre) are ignored, metres, {@code > 0}
 * @param maxNeighbours            at most this many nearest agents are considered per agent, {@code 1..64}
 * @param timeHorizonSeconds       how far ahead agents avoid each other (ORCA's tau), seconds, {@code > 0}
 * @param obstacleHorizonSeconds   how far ahead agents avoid blocked cells, seconds, {@code > 0}
 * @param stallProgress            an agent whose progress along its preferred velocity is below this fraction of
 *                                 the preferred speed is stalled, {@code 0..1}
 * @param stallSeconds             two nearly touching agents, both stalled this long, start a yield (see
 *                                 {@link OrcaSolver}: the one facing the other gives way; if both do, the higher
 *                                 id), seconds, {@code > 0}
 * @param yieldSeconds             how long a yield lasts, seconds, {@code > 0}
 */
public record OrcaParams(double neighbourDistanceMeters, int maxNeighbours, double timeHorizonSeconds,
                         double obstacleHorizonSeconds, double stallProgress, double stallSeconds,
                         double yieldSeconds) {
    /**
     * Neighbours within 2.5 m, at most 6 (as Detour's crowd; 10 within 3 m cost 0.8 ms more per tick at 1,000
     * players × 5 monsters for no fewer overlaps), tau 1.5 s, 0.25 s for cells, stalled below 25% for 0.5 s, yield
     * 2 s.
     */
    public static final OrcaParams DEFAULT = new OrcaParams(2.5, 6, 1.5, 0.25, 0.25, 0.5, 2.0);

    public OrcaParams {
        positive("neighbourDistanceMeters", neighbourDistanceMeters);
        if (maxNeighbours < 1 || maxNeighbours > 64) {
            throw new IllegalArgumentException("maxNeighbours must be in 1..64, got " + maxNeighbours);
        }
        positive("timeHorizonSeconds", timeHorizonSeconds);
        positive("obstacleHorizonSeconds", obstacleHorizonSeconds);
        if (!(stallProgress >= 0 && stallProgress <= 1)) {
            throw new IllegalArgumentException("stallProgress must be in 0..1, got " + stallProgress);
        }
        positive("stallSeconds", stallSeconds);
        positive("yieldSeconds", yieldSeconds);
    }

    private static void positive(String name, double v) {
        if (!(v > 0) || !Double.isFinite(v)) {
            throw new IllegalArgumentException(name + " must be finite and > 0, got " + v);
        }
    }
}
