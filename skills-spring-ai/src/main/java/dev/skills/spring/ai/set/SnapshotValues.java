package dev.skills.spring.ai.set;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import dev.skills.core.registry.SkillsSnapshot;

/**
 * A value worked out once per snapshot, whole or {@link SkillsSnapshot#filter filtered}:
 * requests of one skill set share it until the next reload, and requests of several sets
 * do not evict each other. Only the newest generation's values are kept, at most
 * {@value #MAX_VALUES} of them; a request still holding an older snapshot gets its value
 * worked out and not kept.
 *
 * @param <T> the value type
 */
public final class SnapshotValues<T> {

	/** The most values kept for one generation: far above any sensible number of sets. */
	public static final int MAX_VALUES = 1024;

	private final AtomicReference<Generation<T>> current = new AtomicReference<>(new Generation<>(-1, Map.of()));

	/**
	 * The value for a snapshot, worked out on first use.
	 * @param snapshot the snapshot, compared by identity
	 * @param compute works the value out
	 * @return the value
	 */
	public T get(SkillsSnapshot snapshot, Function<SkillsSnapshot, T> compute) {
		Generation<T> generation = this.current.get();
		T value = generation.values().get(snapshot);
		if (value != null) {
			return value;
		}
		value = compute.apply(snapshot);
		if (snapshot.generation() >= generation.number()) {
			keep(snapshot, value);
		}
		return value;
	}

	// Copy on write: reads are a lookup in an immutable map, writes are once per
	// snapshot and set.
	private void keep(SkillsSnapshot snapshot, T value) {
		this.current.updateAndGet((generation) -> {
			if (snapshot.generation() < generation.number()) {
				return generation;
			}
			boolean same = snapshot.generation() == generation.number() && generation.values().size() < MAX_VALUES;
			Map<SkillsSnapshot, T> values = new IdentityHashMap<>(same ? generation.values() : Map.of());
			values.put(snapshot, value);
			return new Generation<>(snapshot.generation(), values);
		});
	}

	private record Generation<T>(long number, Map<SkillsSnapshot, T> values) {
	}

}
