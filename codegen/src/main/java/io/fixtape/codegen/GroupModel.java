package io.fixtape.codegen;

/**
 * A repeating group, generated once per distinct layout: its NumInGroup field, the delimiter every entry starts
 * with (from the engine's dictionary) and its members; each entry is a root scope of its own.
 */
final class GroupModel extends RootModel
{
    private final FieldModel countField;
    private final String signature;
    private int delimiterTag;

    GroupModel(final FieldModel countField, final String classBase, final String signature)
    {
        super(countField.name(), classBase);
        this.countField = countField;
        this.signature = signature;
    }

    FieldModel countField()
    {
        return countField;
    }

    /** The layout as written in the dictionary (members, nesting, required flags): equal layouts share a class. */
    String signature()
    {
        return signature;
    }

    int delimiterTag()
    {
        return delimiterTag;
    }

    void delimiterTag(final int tag)
    {
        this.delimiterTag = tag;
    }

    @Override
    String decoderClass()
    {
        return classBase() + "GroupDecoder";
    }

    @Override
    String encoderClass()
    {
        return classBase() + "GroupEncoder";
    }
}
