package io.fixtape.codegen;

/** A {@code <component>}: generated as a decoder and an encoder that its owners hold and share their scope with. */
final class ComponentModel extends ContainerModel
{
    ComponentModel(final String name, final String classBase)
    {
        super(name, classBase);
    }

    @Override
    String decoderClass()
    {
        return classBase() + "Decoder";
    }

    @Override
    String encoderClass()
    {
        return classBase() + "Encoder";
    }
}
