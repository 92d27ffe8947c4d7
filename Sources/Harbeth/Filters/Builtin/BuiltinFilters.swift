/// The built-in catalog, in the order `--list-filters` prints it.
enum BuiltinFilters {
    static let all: [FilterDescriptor] =
        ColourFilters.all + EqualizerFilter.all + SampleTableFilters.all + YUVHueFilter.all + YUVMonochromeFilter.all
        + ToneFilters.all
        + ColourEffectFilters.all + AdjustmentFilters.all
        + CorrectionFilters.all
        + CameraLogFilters.all
        + LookupFilters.all
        + BlurFilters.all + BlurEffectFilters.all + GeometryFilters.all + ShapeFilters.all + QualityFilters.all
        + GeneratorFilters.all + ColorManagementFilters.all + DeinterlaceFilter.all
        + NeighbourhoodFilters.all + [
            UnsharpFilter.descriptor, BoxblurFilter.descriptor, GblurFilter.descriptor, AvgblurFilter.descriptor,
            NaturalVignetteFilter.descriptor,
        ] + MorphologyFilters.all + EdgeOperatorFilters.all + [
            ConvolutionPlanesFilter.descriptor, LimiterFilter.descriptor, ColorLevelsFilter.descriptor,
        ]
        + EdgeFilters.all + StylizeFilters.all + EffectFilters.all + DistortionFilters.all
        + KeyingAndOpticsFilters.all
        + BlendFilters.all
        + CompositionFilters.all + DrawingFilters.all + LookFilters.all
}
