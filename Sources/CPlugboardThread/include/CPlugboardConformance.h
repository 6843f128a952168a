#ifndef C_PLUGBOARD_CONFORMANCE_H
#define C_PLUGBOARD_CONFORMANCE_H

/// Whether the type whose metadata is `type` conforms to the protocol whose descriptor is `protocol`, in any
/// isolation: a dynamic cast (`as?`) finds a conformance isolated to a global actor (SE-0470) only on that
/// actor, and answers "no conformance" anywhere else; this asks the Swift runtime for the conformance itself.
///
/// Returns 1 when the conformance exists and sets `actor` to the metadata of the global actor it is isolated
/// to (NULL for a conformance that is not isolated, or where the runtime cannot tell, which still conforms);
/// returns 0 when the type does not conform.
int plugboard_conforms_in_any_isolation(
    const void *_Nonnull type, const void *_Nonnull protocol, const void *_Nullable *_Nonnull actor);

#endif
