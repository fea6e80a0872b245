package dev.navserver.server.cli;

import dev.navserver.nav.io.MapLimits;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code --max-cells N}, shared by {@code path} and {@code scen}: the same map limit as the server's {@code maps.maxCells}. */
public final class MapFlags {
    @Option(names = "--max-cells", paramLabel = "N", defaultValue = "268435456",
            description = "Largest map accepted, in cells (width x height), 1..268435456 (default: ${DEFAULT-VALUE}). "
                    + "A map whose estimated memory exceeds the free heap is refused too; raise -Xmx via JAVA_OPTS.")
    long maxCells;

    /**
     * The limits these flags select, for one planner thread and the real heap.
     *
     * @throws CommandLine.ParameterException when {@code --max-cells} is out of range
     */
    MapLimits limits() {
        if (maxCells < 1 || maxCells > MapLimits.MAX_CELLS) {
            throw new CommandLine.ParameterException(new CommandLine(this),
                    "--max-cells must be 1.." + MapLimits.MAX_CELLS + ", got " + maxCells);
        }
        return MapLimits.DEFAULT.withMaxCells(maxCells);
    }
}
