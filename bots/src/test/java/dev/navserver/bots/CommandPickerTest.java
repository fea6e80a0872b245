package dev.navserver.bots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.navserver.nav.grid.GridMap;
import dev.navserver.protocol.ErrorCodes;
import dev.navserver.protocol.MonsterCommands;
import dev.navserver.protocol.message.RequestId;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class CommandPickerTest {
    /**
     * <pre>
     * #####
     * #...#
     * #...#
     * #####
     * </pre>
     */
    private final BotMap map = new BotMap(TestMaps.ascii(dev.navserver.nav.grid.WorldTransform.UNIT,
            "#####", "#...#", "#...#", "#####"));

    @Test
    void pick_WithNoBadShare_ExpectedEveryKindOverTimeEachExpectingOk() {
        CommandPicker p = new CommandPicker(map, CommandPicker.wallCell(map), 0);
        SplittableRandom r = new SplittableRandom(1);
        Set<String> kinds = new HashSet<>();
        for (int i = 0; i < 500; i++) {
            CommandPicker.Plan plan = p.pick(RequestId.of("c" + i), List.of("m-1", "m-2"), List.of("bot-0"),
                    List.of("lane"), null, r);
            assertThat(plan.expected()).isNull();
            assertThat(plan.command().monster()).isIn("m-1", "m-2");
            if (plan.command().pos() != null) {
                GridMap g = map.map();
                assertThat(map.grid().openCell(g.cellAt(plan.command().pos().x(), plan.command().pos().z()))).isTrue();
            }
            kinds.add(plan.command().command());
        }
        assertThat(kinds).containsExactlyInAnyOrderElementsOf(MonsterCommands.ALL);
    }

    @Test
    void pick_WithoutPlayersOrRoutes_ExpectedNoChaseFollowFleeOrPatrol() {
        CommandPicker p = new CommandPicker(map, CommandPicker.wallCell(map), 0);
        SplittableRandom r = new SplittableRandom(2);
        for (int i = 0; i < 200; i++) {
            String kind = p.pick(RequestId.of("c"), List.of("m-1"), List.of(), List.of(), null, r).command().command();
            assertThat(kind).isNotIn(MonsterCommands.CHASE, MonsterCommands.FOLLOW, MonsterCommands.FLEE,
                    MonsterCommands.PATROL);
        }
    }

    @Test
    void pick_WithOnlyBadRequests_ExpectedEachPlannedErrorAndATeleportOntoAWall() {
        CommandPicker p = new CommandPicker(map, CommandPicker.wallCell(map), 1);
        SplittableRandom r = new SplittableRandom(3);
        Set<String> codes = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            CommandPicker.Plan plan = p.pick(RequestId.of("c"), List.of("m-1"), List.of("bot-0"), List.of(), null, r);
            codes.add(plan.expected());
            if (ErrorCodes.BLOCKED.equals(plan.expected())) {
                GridMap g = map.map();
                assertThat(map.grid().openCell(g.cellAt(plan.command().pos().x(), plan.command().pos().z())))
                        .isFalse();
            }
        }
        assertThat(codes).containsExactlyInAnyOrder(ErrorCodes.UNKNOWN_MONSTER, ErrorCodes.UNKNOWN_ROUTE,
                ErrorCodes.UNKNOWN_TARGET, ErrorCodes.BLOCKED);
    }

    @Test
    void pick_WithNoMonsterInView_ExpectedNothingOrAnUnknownMonster() {
        assertThat(new CommandPicker(map, 0, 0).pick(RequestId.of("c"), List.of(), List.of(), List.of(), null,
                new SplittableRandom(4))).isNull();
        CommandPicker.Plan bad = new CommandPicker(map, 0, 1).pick(RequestId.of("c"), List.of(), List.of(),
                List.of(), null, new SplittableRandom(4));
        assertThat(bad.expected()).isEqualTo(ErrorCodes.UNKNOWN_MONSTER);
        assertThat(bad.command().monster()).isEqualTo(CommandPicker.NO_MONSTER);
    }

    @Test
    void rates_OfTenPlayers_ExpectedNearestRankPercentiles() {
        WorldStats.Rates r = WorldStats.Rates.of(new double[] {10, 1, 2, 3, 4, 5, 6, 7, 8, 9});
        assertThat(r.count()).isEqualTo(10);
        assertThat(r.p50()).isEqualTo(5);
        assertThat(r.p90()).isEqualTo(9);
        assertThat(r.p99()).isEqualTo(10);
        assertThat(r.max()).isEqualTo(10);
        assertThat(r.mean()).isEqualTo(5.5);
    }
}
