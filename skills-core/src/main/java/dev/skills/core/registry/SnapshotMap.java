package dev.skills.core.registry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

/**
 * An immutable map that the next snapshot shares: a base map and a small overlay of the
 * changes made since. An edit builds the next map through a {@link Builder}; when its
 * changes are few, the next map keeps the base and copies only the overlay, so one
 * changed skill costs the same with ten skills or ten thousand. When the overlay would
 * grow past a bound (about twice the square root of the base's size), the next map gets a
 * new base: a full scan builds one plain hash map, and a series of single edits pays for
 * the copy over many edits. Persistent tree maps cost ten times more allocation per entry
 * to build a snapshot of thousands of skills.
 *
 * @param <K> the key type
 * @param <V> the value type; values are never {@code null}
 */
final class SnapshotMap<K, V> {

	private static final SnapshotMap<?, ?> EMPTY = new SnapshotMap<>(Map.of(), Map.of(), 0);

	// Marks a key removed in the overlay.
	private static final Object REMOVED = new Object();

	private static final int MIN_OVERLAY = 32;

	// Never changed once the map is made.
	private final Map<K, V> base;

	// The changes since the base, each a value or REMOVED; never changed once the map is
	// made.
	private final Map<K, Object> overlay;

	private final int size;

	private SnapshotMap(Map<K, V> base, Map<K, Object> overlay, int size) {
		this.base = base;
		this.overlay = overlay;
		this.size = size;
	}

	@SuppressWarnings("unchecked")
	static <K, V> SnapshotMap<K, V> empty() {
		return (SnapshotMap<K, V>) EMPTY;
	}

	/**
	 * The value of a key.
	 * @param key the key
	 * @return the value, or {@code null}
	 */
	@Nullable V get(K key) {
		return this.overlay.isEmpty() ? this.base.get(key) : lookup(this.overlay, key, this.base::get);
	}

	// A key's value in a map of changes, else where the changes do not say.
	@SuppressWarnings("unchecked")
	private static <K, V> @Nullable V lookup(Map<K, Object> changes, K key, Function<K, @Nullable V> otherwise) {
		Object changed = changes.get(key);
		if (changed == null) {
			return otherwise.apply(key);
		}
		return (changed != REMOVED) ? (V) changed : null;
	}

	boolean containsKey(K key) {
		return get(key) != null;
	}

	int size() {
		return this.size;
	}

	/**
	 * Visit every entry, in no particular order.
	 * @param action the visitor
	 */
	@SuppressWarnings("unchecked")
	void forEach(BiConsumer<? super K, ? super V> action) {
		this.overlay.forEach((key, value) -> {
			if (value != REMOVED) {
				action.accept(key, (V) value);
			}
		});
		if (this.overlay.isEmpty()) {
			this.base.forEach(action);
			return;
		}
		this.base.forEach((key, value) -> {
			if (!this.overlay.containsKey(key)) {
				action.accept(key, value);
			}
		});
	}

	/**
	 * The keys, in no particular order.
	 * @return a new list
	 */
	List<K> keys() {
		List<K> keys = new ArrayList<>(this.size);
		forEach((key, value) -> keys.add(key));
		return keys;
	}

	/**
	 * The values, in no particular order.
	 * @return a new list
	 */
	List<V> values() {
		List<V> values = new ArrayList<>(this.size);
		forEach((key, value) -> values.add(value));
		return values;
	}

	/**
	 * Start the next map from this one.
	 * @return a builder that leaves this map as it is
	 */
	Builder<K, V> edit() {
		return new Builder<>(this);
	}

	/**
	 * Collects the changes of one edit.
	 *
	 * @param <K> the key type
	 * @param <V> the value type
	 */
	static final class Builder<K, V> {

		private final SnapshotMap<K, V> from;

		private final Map<K, Object> changes = new HashMap<>();

		private int size;

		// A built map may hold the changes themselves: no edit may follow.
		private boolean built;

		private Builder(SnapshotMap<K, V> from) {
			this.from = from;
			this.size = from.size;
		}

		@Nullable V get(K key) {
			return lookup(this.changes, key, this.from::get);
		}

		boolean containsKey(K key) {
			return get(key) != null;
		}

		int size() {
			return this.size;
		}

		void put(K key, V value) {
			checkNotBuilt();
			if (get(key) == null) {
				this.size++;
			}
			this.changes.put(key, value);
		}

		void remove(K key) {
			checkNotBuilt();
			if (get(key) == null) {
				return;
			}
			this.size--;
			if (this.from.get(key) != null) {
				this.changes.put(key, REMOVED);
			}
			else {
				this.changes.remove(key);
			}
		}

		private void checkNotBuilt() {
			if (this.built) {
				throw new IllegalStateException("The map was built; start the next edit from it");
			}
		}

		/**
		 * Make the next map. The builder takes no more changes after this.
		 * @return the map; the map this builder started from when nothing changed
		 */
		@SuppressWarnings("unchecked")
		SnapshotMap<K, V> build() {
			this.built = true;
			if (this.changes.isEmpty()) {
				return this.from;
			}
			if (this.from.size == 0 && this.from.overlay.isEmpty()) {
				// A first scan: every change is a value; the map takes them without a
				// copy.
				return new SnapshotMap<>((Map<K, V>) this.changes, Map.of(), this.size);
			}
			int bound = Math.max(MIN_OVERLAY, 2 * (int) Math.sqrt(this.from.base.size()));
			if (this.from.overlay.size() + this.changes.size() <= bound) {
				Map<K, Object> overlay = new HashMap<>(this.from.overlay);
				overlay.putAll(this.changes);
				return new SnapshotMap<>(this.from.base, overlay, this.size);
			}
			Map<K, V> base = new HashMap<>(Math.max(this.size, this.from.base.size()) * 4 / 3 + 1);
			base.putAll(this.from.base);
			apply(this.from.overlay, base);
			apply(this.changes, base);
			return new SnapshotMap<>(base, Map.of(), this.size);
		}

		@SuppressWarnings("unchecked")
		private static <K, V> void apply(Map<K, Object> changes, Map<K, V> base) {
			changes.forEach((key, value) -> {
				if (value == REMOVED) {
					base.remove(key);
				}
				else {
					base.put(key, (V) value);
				}
			});
		}

	}

}
