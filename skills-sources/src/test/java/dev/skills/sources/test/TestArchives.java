package dev.skills.sources.test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * Archives as a publisher builds them, entry names as given (hostile ones included).
 */
public final class TestArchives {

	private TestArchives() {
	}

	/**
	 * A zip archive.
	 * @param entries entry names and their text, in order
	 * @return the archive's bytes
	 */
	public static byte[] zip(Map<String, String> entries) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
			for (Map.Entry<String, String> entry : entries.entrySet()) {
				zip.putNextEntry(new ZipEntry(entry.getKey()));
				zip.write(entry.getValue().getBytes(StandardCharsets.UTF_8));
				zip.closeEntry();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return bytes.toByteArray();
	}

	/**
	 * A gzipped tar archive.
	 * @param entries entry names and their text, in order
	 * @param links symbolic link names and their targets
	 * @return the archive's bytes
	 */
	public static byte[] tarGz(Map<String, String> entries, Map<String, String> links) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GZIPOutputStream(bytes))) {
			tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
			for (Map.Entry<String, String> entry : entries.entrySet()) {
				byte[] content = entry.getValue().getBytes(StandardCharsets.UTF_8);
				TarArchiveEntry file = new TarArchiveEntry(entry.getKey(), true);
				file.setSize(content.length);
				tar.putArchiveEntry(file);
				tar.write(content);
				tar.closeArchiveEntry();
			}
			for (Map.Entry<String, String> link : links.entrySet()) {
				TarArchiveEntry entry = new TarArchiveEntry(link.getKey(), TarArchiveEntry.LF_SYMLINK, true);
				entry.setLinkName(link.getValue());
				tar.putArchiveEntry(entry);
				tar.closeArchiveEntry();
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return bytes.toByteArray();
	}

	/**
	 * A zip archive with a {@code SKILL.md} and an entry that inflates to many zeros:
	 * named as a folder, so a reader that writes only files would skip it.
	 * @param skillMd the {@code SKILL.md}
	 * @param name the inflating entry's name
	 * @param size the zeros it inflates to
	 * @return the archive's bytes, a tiny part of {@code size}
	 */
	public static byte[] zipBomb(String skillMd, String name, long size) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
			zip.putNextEntry(new ZipEntry("SKILL.md"));
			zip.write(skillMd.getBytes(StandardCharsets.UTF_8));
			zip.closeEntry();
			zip.putNextEntry(new ZipEntry(name));
			writeZeros(zip, size);
			zip.closeEntry();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return bytes.toByteArray();
	}

	/**
	 * A gzipped tar archive with a {@code SKILL.md} and a file entry of many zeros.
	 * @param skillMd the {@code SKILL.md}
	 * @param name the inflating entry's name ({@code .} is one a reader skips)
	 * @param size the zeros it inflates to
	 * @return the archive's bytes, a tiny part of {@code size}
	 */
	public static byte[] tarGzBomb(String skillMd, String name, long size) {
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		try (TarArchiveOutputStream tar = new TarArchiveOutputStream(new GZIPOutputStream(bytes))) {
			byte[] content = skillMd.getBytes(StandardCharsets.UTF_8);
			TarArchiveEntry skill = new TarArchiveEntry("SKILL.md", true);
			skill.setSize(content.length);
			tar.putArchiveEntry(skill);
			tar.write(content);
			tar.closeArchiveEntry();
			TarArchiveEntry bomb = new TarArchiveEntry(name, TarArchiveEntry.LF_NORMAL, true);
			bomb.setSize(size);
			tar.putArchiveEntry(bomb);
			writeZeros(tar, size);
			tar.closeArchiveEntry();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return bytes.toByteArray();
	}

	private static void writeZeros(java.io.OutputStream out, long size) throws IOException {
		byte[] zeros = new byte[64 * 1024];
		for (long left = size; left > 0; left -= zeros.length) {
			out.write(zeros, 0, (int) Math.min(zeros.length, left));
		}
	}

}
