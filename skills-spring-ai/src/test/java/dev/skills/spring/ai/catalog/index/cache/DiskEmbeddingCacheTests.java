package dev.skills.spring.ai.catalog.index.cache;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link DiskEmbeddingCache}.
 */
@ExtendWith(OutputCaptureExtension.class)
class DiskEmbeddingCacheTests {

	@TempDir
	Path folder;

	private final String one = EmbeddingCache.key("m", "one");

	private final String two = EmbeddingCache.key("m", "two");

	@Test
	void anotherCacheReadsWhatOneWrote() {
		new DiskEmbeddingCache(this.folder).put(Map.of(this.one, new float[] { 1, 2 }, this.two, new float[] { 3 }));
		Map<String, float[]> read = new DiskEmbeddingCache(this.folder).get(List.of(this.one, this.two, "absent"));
		assertThat(read).containsOnlyKeys(this.one, this.two);
		assertThat(read.get(this.one)).containsExactly(1, 2);
		assertThat(read.get(this.two)).containsExactly(3);
	}

	@Test
	void keyNamesModelAndText() {
		assertThat(EmbeddingCache.key("m", "one")).isEqualTo(this.one).hasSize(64);
		assertThat(EmbeddingCache.key("n", "one")).isNotEqualTo(this.one);
		assertThat(EmbeddingCache.key("m", "two")).isNotEqualTo(this.one);
	}

	@Test
	void tornTailIsCutOff() throws IOException {
		new DiskEmbeddingCache(this.folder).put(Map.of(this.one, new float[] { 1, 2 }));
		Path file = this.folder.resolve(DiskEmbeddingCache.FILE_NAME);
		long whole = Files.size(file);
		Files.write(file, new byte[] { 7, 7, 7 }, StandardOpenOption.APPEND);
		DiskEmbeddingCache cache = new DiskEmbeddingCache(this.folder);
		assertThat(cache.get(List.of(this.one))).containsOnlyKeys(this.one);
		assertThat(Files.size(file)).isEqualTo(whole);
		cache.put(Map.of(this.two, new float[] { 3 }));
		assertThat(new DiskEmbeddingCache(this.folder).get(List.of(this.one, this.two))).hasSize(2);
	}

	@Test
	void retainDropsKeysNotInUse() throws IOException {
		Map<String, float[]> many = new HashMap<>();
		IntStream.range(0, 1100).forEach((i) -> many.put(EmbeddingCache.key("m", "t" + i), new float[] { i }));
		DiskEmbeddingCache cache = new DiskEmbeddingCache(this.folder);
		cache.put(many);
		Path file = this.folder.resolve(DiskEmbeddingCache.FILE_NAME);
		long before = Files.size(file);
		cache.retain(Set.of(this.one));
		assertThat(Files.size(file)).isLessThan(before / 100);
		assertThat(new DiskEmbeddingCache(this.folder).get(many.keySet())).isEmpty();
	}

	@Test
	void fewKeysBeyondInUseAreKept() {
		DiskEmbeddingCache cache = new DiskEmbeddingCache(this.folder);
		cache.put(Map.of(this.one, new float[] { 1 }, this.two, new float[] { 2 }));
		cache.retain(Set.of(this.one));
		assertThat(new DiskEmbeddingCache(this.folder).get(List.of(this.two))).containsOnlyKeys(this.two);
	}

	@Test
	void unwritableFileWarnsOnceKeepsMemory(CapturedOutput output) throws IOException {
		Path blocked = Files.writeString(this.folder.resolve("not-a-folder"), "x");
		DiskEmbeddingCache cache = new DiskEmbeddingCache(blocked);
		cache.put(Map.of(this.one, new float[] { 1 }));
		cache.put(Map.of(this.two, new float[] { 2 }));
		assertThat(cache.get(List.of(this.one, this.two))).containsOnlyKeys(this.one, this.two);
		assertThat(output.getOut().split("The embeddings cache could not write", -1)).hasSize(2);
	}

}
