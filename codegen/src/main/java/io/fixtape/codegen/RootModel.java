package io.fixtape.codegen;

/**
 * A container with its own scope — a message, the header or one entry of a repeating group — and the tags the
 * engine's dictionary requires in it, in the order QuickFIX/J checks them (so an encoder reports the same missing
 * tag the receiving validator would).
 */
abstract class RootModel extends ContainerModel
{
    private int[] requiredTags = new int[0];

    RootModel(final String name, final String classBase)
    {
        super(name, classBase);
    }

    int[] requiredTags()
    {
        return requiredTags.clone();
    }

    void requiredTags(final int[] tags)
    {
        this.requiredTags = tags.clone();
    }
}
