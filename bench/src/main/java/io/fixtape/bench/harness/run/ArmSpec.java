package io.fixtape.bench.harness.run;

import java.util.ArrayList;
import java.util.List;

/**
 * One row of a run: an arm and, for fixtape, the store mode it runs with ({@code none}, {@code store},
 * {@code audit}). Several store modes in one invocation ({@code --store none,store,audit}) give one fixtape row
 * per mode, labelled {@code fixtape[mode]}, all against the floor of the same invocation. Immutable.
 *
 * @param store the fixtape journal mode; {@code n/a} for the other arms.
 * @param label the arm's name in cells and reports.
 */
public record ArmSpec(Arm arm, String store, String label)
{
    public static final String NOT_APPLICABLE = "n/a";

    /**
     * The rows of an invocation: the floor first (every other row is compared with it), then the arms in the
     * order given, fixtape once per store mode.
     */
    public static List<ArmSpec> expand(final List<Arm> arms, final List<String> stores)
    {
        final List<ArmSpec> specs = new ArrayList<>();
        if (arms.contains(Arm.FLOOR))
        {
            specs.add(new ArmSpec(Arm.FLOOR, NOT_APPLICABLE, Arm.FLOOR.label()));
        }
        final List<Arm> seen = new ArrayList<>();
        for (final Arm arm : arms)
        {
            if (arm == Arm.FLOOR || seen.contains(arm))
            {
                continue;
            }
            seen.add(arm);
            if (arm == Arm.FIXTAPE)
            {
                for (final String store : stores)
                {
                    specs.add(new ArmSpec(arm, store, stores.size() == 1 ? arm.label() : arm.label() + "[" + store + "]"));
                }
            }
            else
            {
                specs.add(new ArmSpec(arm, NOT_APPLICABLE, arm.label()));
            }
        }
        return specs;
    }
}
