package dev.skills.spring.ai.catalog.index.cache;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * An {@link EmbeddingCache} in one file on local disk, read whole at first use and
 * appended to as vectors are computed, under a file lock, so that several instances on
 * one machine share it. The file stays bounded: when it holds more than twice the keys in
 * use (and a thousand more), {@link #retain} rewrites it with only those, and it is never
 * read past {@value #MAX_BYTES} bytes. A file it cannot read or write is logged once and
 * the cache goes on in memory; a torn or foreign tail is cut off.
 */
public final class DiskEmbeddingCache implements EmbeddingCache {

	/** The name of the cache's file in its folder. */
	public static final String FILE_NAME = "skills-embeddings.bin";

	static final long MAX_BYTES = 256L * 1024 * 1024;

	private static final int KEY_BYTES = 32;

	private static final int MAX_DIMENSIONS = 8192;

	private static final int SLACK = 1000;

	private static final Log logger = LogFactory.getLog(DiskEmbeddingCache.class);

	private final Path file;

	// Loaded at first use; every access holds this object's lock.
	private @Nullable Map<String, float[]> vectors;

	private boolean failed;

	/**
	 * A cache in a folder, created when first written.
	 * @param folder the folder of the cache's file
	 */
	public DiskEmbeddingCache(Path folder) {
		this.file = folder.resolve(FILE_NAME);
	}

	@Override
	public synchronized Map<String, float[]> get(Collection<String> keys) {
		Map<String, float[]> held = vectors();
		Map<String, float[]> found = new HashMap<>();
		for (String key : keys) {
			float[] vector = held.get(key);
			if (vector != null) {
				found.put(key, vector);
			}
		}
		return found;
	}

	@Override
	public synchronized void put(Map<String, float[]> vectors) {
		Map<String, float[]> held = vectors();
		Map<String, float[]> fresh = new HashMap<>(vectors);
		fresh.keySet().removeAll(held.keySet());
		held.putAll(fresh);
		if (fresh.isEmpty() || this.failed) {
			return;
		}
		try {
			Files.createDirectories(this.file.getParent());
			try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
					StandardOpenOption.APPEND); FileLock lock = channel.lock()) {
				if (channel.size() < MAX_BYTES) {
					write(channel, fresh);
				}
			}
		}
		catch (IOException | RuntimeException ex) {
			fail("write", ex);
		}
	}

	@Override
	public synchronized void retain(Set<String> keys) {
		Map<String, float[]> held = vectors();
		if (this.failed || held.size() <= 2 * keys.size() + SLACK) {
			return;
		}
		held.keySet().retainAll(keys);
		Path next = this.file.resolveSibling(FILE_NAME + ".next");
		try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.WRITE);
				FileLock lock = channel.lock()) {
			try (FileChannel out = FileChannel.open(next, StandardOpenOption.CREATE,
					StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
				write(out, held);
			}
			Files.move(next, this.file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException | RuntimeException ex) {
			fail("compact", ex);
		}
	}

	private Map<String, float[]> vectors() {
		if (this.vectors == null) {
			this.vectors = new HashMap<>();
			if (Files.exists(this.file)) {
				try (FileChannel channel = FileChannel.open(this.file, StandardOpenOption.READ,
						StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
					long valid = read(channel, this.vectors);
					if (valid < channel.size()) {
						// A torn append or a foreign tail: later appends must start at a
						// record.
						channel.truncate(valid);
					}
				}
				catch (IOException | RuntimeException ex) {
					fail("read", ex);
				}
			}
		}
		return this.vectors;
	}

	// The length of the whole records read.
	private static long read(FileChannel channel, Map<String, float[]> into) throws IOException {
		long size = Math.min(channel.size(), MAX_BYTES);
		ByteBuffer bytes = ByteBuffer.allocate((int) size);
		while (bytes.hasRemaining() && channel.read(bytes, bytes.position()) > 0) {
			// Read until the buffer is full.
		}
		bytes.flip();
		byte[] key = new byte[KEY_BYTES];
		while (bytes.remaining() >= KEY_BYTES + Integer.BYTES) {
			int start = bytes.position();
			bytes.get(key);
			int dimensions = bytes.getInt();
			if (dimensions <= 0 || dimensions > MAX_DIMENSIONS || bytes.remaining() < dimensions * Float.BYTES) {
				return start;
			}
			float[] vector = new float[dimensions];
			bytes.asFloatBuffer().get(vector);
			bytes.position(bytes.position() + dimensions * Float.BYTES);
			into.put(HexFormat.of().formatHex(key), vector);
		}
		return bytes.position();
	}

	private static void write(FileChannel channel, Map<String, float[]> vectors) throws IOException {
		for (Map.Entry<String, float[]> entry : vectors.entrySet()) {
			float[] vector = entry.getValue();
			ByteBuffer record = ByteBuffer.allocate(KEY_BYTES + Integer.BYTES + vector.length * Float.BYTES);
			record.put(HexFormat.of().parseHex(entry.getKey())).putInt(vector.length);
			record.asFloatBuffer().put(vector);
			record.position(record.capacity()).flip();
			while (record.hasRemaining()) {
				channel.write(record);
			}
		}
	}

	// Once: a cache that cannot use its file goes on in memory rather than warn at every
	// batch.
	private void fail(String what, Exception ex) {
		if (!this.failed) {
			this.failed = true;
			logger.warn("The embeddings cache could not " + what + " its file " + this.file.getFileName()
					+ "; skills are embedded without it: " + ex);
		}
	}

}
