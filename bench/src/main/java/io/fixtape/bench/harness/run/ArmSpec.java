package io.fixtape.bench.harness.run;

import java.util.ArrayList;
import java.util.List;

/**
 * One row of a run: an arm and, for fixtape, the store mode ({@code none}, {@code store}, {@code audit}) and the
 * acceptor model ({@code single}, {@code mono}, {@code pool}, {@code shard}) it runs with. Several store modes or
 * models in one invocation ({@code --store none,store,audit}, {@code --model single,mono,pool,shard}) give one fixtape
 * row per combination, all against the floor of the same invocation, labelled {@code fixtape[store]},
 * {@code fixtape[model]} or {@code fixtape[store,model]} (only what varies is in the label). Immutable.
 *
 * @param store the fixtape journal mode; {@code n/a} for the other arms.
 * @param model the fixtape acceptor model; {@code n/a} for the other arms.
 * @param label the arm's name in cells and reports.
 */
public record ArmSpec(Arm arm, String store, String model, String label)
{
    public static final String NOT_APPLICABLE = "n/a";

    /** One fixtape acceptor model: single. */
    public static List<ArmSpec> expand(final List<Arm> arms, final List<String> stores)
    {
        return expand(arms, stores, List.of("single"));
    }

    /**
     * The rows of an invocation: the floor first (every other row is compared with it), then the arms in the
     * order given, fixtape once per store mode and model (models inner: the models of one store side by side).
     */
    public static List<ArmSpec> expand(final List<Arm> arms, final List<String> stores, final List<String> models)
    {
        final List<ArmSpec> specs = new ArrayList<>();
        if (arms.contains(Arm.FLOOR))
        {
            specs.add(new ArmSpec(Arm.FLOOR, NOT_APPLICABLE, NOT_APPLICABLE, Arm.FLOOR.label()));
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
                    for (final String model : models)
                    {
                        specs.add(new ArmSpec(arm, store, model, label(store, model, stores.size(), models.size())));
                    }
                }
            }
            else
            {
                specs.add(new ArmSpec(arm, NOT_APPLICABLE, NOT_APPLICABLE, arm.label()));
            }
        }
        return specs;
    }

    private static String label(final String store, final String model, final int stores, final int models)
    {
        final List<String> parts = new ArrayList<>();
        if (stores > 1)
        {
            parts.add(store);
        }
        if (models > 1)
        {
            parts.add(model);
        }
        return parts.isEmpty() ? Arm.FIXTAPE.label() : Arm.FIXTAPE.label() + "[" + String.join(",", parts) + "]";
    }

    /** A file-name-safe form of the label. */
    public String fileLabel()
    {
        return label.replace('[', '-').replace("]", "").replace(',', '-');
    }
}
