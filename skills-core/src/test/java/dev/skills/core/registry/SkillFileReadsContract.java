package dev.skills.core.registry;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What {@code readFile} returns, the same for a skill in a folder and a skill in a jar.
 * Each subclass puts the skill {@code kit} (with the files of {@link #kitFiles()}) and a
 * skill {@code other} where it belongs and builds the registry.
 */
abstract class SkillFileReadsContract {

	static final int CONFIGURED_MAX_BYTES = 100;

	static final String BIG = "0123456789".repeat(50);

	private SkillsRegistry registry;

	/**
	 * Make the registry holding {@code kit} and {@code other}.
	 * @param config the configuration to use (its locations are ignored)
	 * @param skillFiles the files of {@code kit}, by relative path, {@code SKILL.md}
	 * included
	 * @param otherFiles the files of {@code other}
	 */
	abstract SkillsRegistry createRegistry(SkillConfig config, Map<String, byte[]> skillFiles,
			Map<String, byte[]> otherFiles);

	static Map<String, byte[]> kitFiles() {
		Map<String, byte[]> files = new LinkedHashMap<>();
		files.put("SKILL.md", bytes(SkillFixtures.skillMd("kit", "A skill with bundled files.", "Use the files.")));
		files.put("notes.txt", bytes("Hello from the notes.\n"));
		files.put("invalid-utf8.txt", new byte[] { 'c', 'a', 'f', (byte) 0xE9, '!', '\n' });
		files.put("blob.dat", new byte[] { 'a', 'b', 'c', 0, 'd', 'e', 'f' });
		byte[] lateNul = new byte[9_000];
		java.util.Arrays.fill(lateNul, (byte) 'a');
		lateNul[8_999] = 0;
		files.put("late-nul.txt", lateNul);
		files.put("image.png", bytes("plain text in a png"));
		files.put("big.txt", bytes(BIG));
		files.put("accents.txt", bytes("é".repeat(100)));
		files.put("scripts/run.py", bytes("print('run')\n"));
		files.put("scripts/lib/util.py", bytes("def util(): pass\n"));
		files.put(".env", bytes("SECRET=do-not-read\n"));
		files.put("scripts/.cache/state", bytes("hidden state\n"));
		files.put("node_modules/pkg/index.js", bytes("module.exports = {}\n"));
		files.put("__pycache__/util.cpython-312.pyc", bytes("cache\n"));
		return files;
	}

	static Map<String, byte[]> otherFiles() {
		Map<String, byte[]> files = new LinkedHashMap<>();
		files.put("SKILL.md", bytes(SkillFixtures.skillMd("other", "Another skill.", "Other body.")));
		files.put("secret.txt", bytes("other skill's secret\n"));
		return files;
	}

	static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	@BeforeEach
	void createRegistry() {
		SkillConfig config = SkillConfig.builder().maxResourceBytes(CONFIGURED_MAX_BYTES).build();
		this.registry = createRegistry(config, kitFiles(), otherFiles());
		assertThat(this.registry.names()).containsExactly("kit", "other");
	}

	SkillsRegistry registry() {
		return this.registry;
	}

	String read(String path) {
		return this.registry.snapshot().readFile("kit", path, 100_000);
	}

	void assertRejected(String path) {
		assertThatExceptionOfType(SkillResourceException.class).isThrownBy(() -> read(path))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(Reason.REJECTED))
			// Control characters such as NUL are not repeated to the model.
			.withMessageStartingWith("Cannot read '" + path.replace('\0', '?') + "' from skill 'kit': ")
			.withMessageNotContaining("do-not-read")
			.withMessageNotContaining("other skill's secret")
			.withMessageNotContaining("outside secret");
	}

	@Test
	void textFileIsReturned() {
		assertThat(read("notes.txt")).isEqualTo("Hello from the notes.\n");
		assertThat(read("scripts/run.py")).isEqualTo("print('run')\n");
		assertThat(read("./scripts//run.py")).isEqualTo("print('run')\n");
	}

	@Test
	void skillFileReadsWhole() {
		assertThat(read("SKILL.md"))
			.isEqualTo(SkillFixtures.skillMd("kit", "A skill with bundled files.", "Use the files."));
	}

	@Test
	void invalidUtf8IsReplaced() {
		assertThat(read("invalid-utf8.txt")).isEqualTo("caf\uFFFD!\n");
	}

	@Test
	void nulInFirst8KibIsBinary() {
		assertThat(read("blob.dat")).isEqualTo("blob.dat is a binary file (7 bytes); its content is not shown.");
	}

	@Test
	void nulAfterFirst8KibIsText() {
		assertThat(read("late-nul.txt")).startsWith("aaaaaaaa").hasSize(9_000);
	}

	@Test
	void binaryExtensionGivesNameAndSize() {
		assertThat(read("image.png")).isEqualTo("image.png is a binary file (19 bytes); its content is not shown.");
	}

	@Test
	void folderListsItsVisibleFiles() {
		assertThat(read("scripts")).isEqualTo("""
				scripts/ is a folder; read one of its files:
				scripts/lib/util.py
				scripts/run.py""");
		assertThat(read("scripts/")).isEqualTo(read("scripts"));
	}

	@Test
	void skillFolderListsEveryVisibleFile() {
		assertThat(read(".")).isEqualTo("""
				The skill folder is a folder; read one of its files:
				accents.txt
				big.txt
				blob.dat
				image.png
				invalid-utf8.txt
				late-nul.txt
				notes.txt
				scripts/lib/util.py
				scripts/run.py""");
	}

	@Test
	void largeFileIsCutWithANote() {
		assertThat(registry().snapshot().readFile("kit", "big.txt", 120))
			.isEqualTo(BIG.substring(0, 120) + "\n\n[Truncated: showing the first 120 of 500 bytes of big.txt]");
		assertThat(registry().snapshot().readFile("kit", "big.txt", 500)).isEqualTo(BIG);
	}

	@Test
	void cutNeverSplitsACharacter() {
		assertThat(registry().snapshot().readFile("kit", "accents.txt", 51))
			.isEqualTo("é".repeat(25) + "\n\n[Truncated: showing the first 50 of 200 bytes of accents.txt]");
	}

	@Test
	void configuredMaxBytesApplyByDefault() {
		assertThat(registry().snapshot().readFile("kit", "big.txt")).isEqualTo(BIG.substring(0, CONFIGURED_MAX_BYTES)
				+ "\n\n[Truncated: showing the first 100 of 500 bytes of big.txt]");
	}

	@Test
	void loadListsNoHiddenFilesOrCaches() {
		assertThat(registry().snapshot().load("kit").files()).containsExactly("accents.txt", "big.txt", "blob.dat",
				"image.png", "invalid-utf8.txt", "late-nul.txt", "notes.txt", "scripts/lib/util.py", "scripts/run.py");
	}

	@ParameterizedTest
	@ValueSource(strings = { "/etc/passwd", "~/notes.txt", "../other/secret.txt", "scripts/../../other/secret.txt",
			"..", "scripts/../notes.txt", "scripts\\run.py", "..\\other\\secret.txt", "C:/Windows/win.ini",
			"c:notes.txt", "notes.txt\0.png", "\0", ".env", "scripts/.cache/state", "node_modules/pkg/index.js",
			"node_modules", "__pycache__/util.cpython-312.pyc" })
	void whenThePathIsNotAllowedThenItIsRejectedWithoutBeingRead(String path) {
		assertRejected(path);
	}

	@Test
	void absolutePathAsksForRelative() {
		assertThatExceptionOfType(SkillResourceException.class).isThrownBy(() -> read("/etc/passwd"))
			.withMessage(
					"Cannot read '/etc/passwd' from skill 'kit': it is absolute; give a path relative to the skill folder.");
	}

	@Test
	void climbingPathIsRefusedSayingWhy() {
		assertThatExceptionOfType(SkillResourceException.class).isThrownBy(() -> read("../other/secret.txt"))
			.withMessage("Cannot read '../other/secret.txt' from skill 'kit': '..' would leave the skill folder.");
	}

	@Test
	void missingFileListsTheSkillsFiles() {
		assertThatExceptionOfType(SkillResourceException.class).isThrownBy(() -> read("missing.txt"))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(Reason.NOT_FOUND))
			.withMessage("Skill 'kit' has no file 'missing.txt'. Its files: accents.txt, big.txt, blob.dat, "
					+ "image.png, invalid-utf8.txt, late-nul.txt, notes.txt, scripts/lib/util.py, scripts/run.py.");
	}

	@Test
	void fileInMissingFolderIsNotFound() {
		assertThatExceptionOfType(SkillResourceException.class).isThrownBy(() -> read("references/guide.md"))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(Reason.NOT_FOUND));
	}

	@Test
	void unknownSkillListsValidNames() {
		assertThatExceptionOfType(SkillResourceException.class)
			.isThrownBy(() -> registry().snapshot().readFile("nope", "notes.txt", 100))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(Reason.UNKNOWN_SKILL))
			.withMessage("Unknown skill 'nope'. Available skills: kit, other.");
	}

	@Test
	void otherSkillsFileIsReadByItsName() {
		assertThat(registry().snapshot().readFile("other", "secret.txt", 100)).isEqualTo("other skill's secret\n");
	}

}
