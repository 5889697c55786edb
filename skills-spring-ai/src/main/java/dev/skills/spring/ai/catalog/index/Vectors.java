package dev.skills.spring.ai.catalog.index;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Function;

import dev.skills.spring.ai.catalog.index.cache.EmbeddingCache;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.embedding.EmbeddingModel;

/**
 * The arithmetic of unit vectors the embedding index ranks by, and the fingerprint that
 * tells one model from another.
 */
final class Vectors {

	// A fixed text whose vector names the model in cache keys: a model changed behind
	// the same name (another version, other options) gives other keys.
	static final String PROBE = "Agent Skills catalog: which skill fits this request?";

	private Vectors() {
	}

	// The names of the limit vectors closest to a unit vector, best first.
	static <V> List<String> closest(Map<String, V> vectors, Function<V, float[]> vectorOf, float[] wanted, int limit) {
		PriorityQueue<Map.Entry<String, Float>> best = new PriorityQueue<>(Map.Entry.comparingByValue());
		vectors.forEach((name, value) -> {
			float[] vector = vectorOf.apply(value);
			if (vector.length == wanted.length) {
				float similarity = dot(vector, wanted);
				if (best.size() < limit) {
					best.add(Map.entry(name, similarity));
				}
				else if (similarity > best.peek().getValue()) {
					best.poll();
					best.add(Map.entry(name, similarity));
				}
			}
		});
		List<String> names = new ArrayList<>(best.size());
		while (!best.isEmpty()) {
			names.add(best.poll().getKey());
		}
		Collections.reverse(names);
		return names;
	}

	// A vector scaled to length 1; null for an empty or zero vector, which ranks nothing.
	static float @Nullable [] unit(float[] vector) {
		double norm = Math.sqrt(dot(vector, vector));
		if (vector.length == 0 || norm == 0 || Double.isNaN(norm)) {
			return null;
		}
		float[] unit = new float[vector.length];
		for (int i = 0; i < vector.length; i++) {
			unit[i] = (float) (vector[i] / norm);
		}
		return unit;
	}

	// What names a model in cache keys: its name and the rounded vector of a fixed text
	// (rounded, so that the last bits of another CPU's arithmetic do not change it).
	// Throws what the model throws.
	static String fingerprint(String name, EmbeddingModel model) {
		float[] probe = model.embed(PROBE);
		ByteBuffer rounded = ByteBuffer.allocate(probe.length * Short.BYTES);
		for (float value : probe) {
			rounded.putShort((short) Math.round(value * 100));
		}
		return name + "@" + EmbeddingCache.key(name, HexFormat.of().formatHex(rounded.array())).substring(0, 16);
	}

	private static float dot(float[] a, float[] b) {
		float sum = 0;
		for (int i = 0; i < a.length; i++) {
			sum += a[i] * b[i];
		}
		return sum;
	}

}
